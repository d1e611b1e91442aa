package io.idempo.processor;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * P033: a step refuses to run inside a transaction, so a method that a container would always run in one can never
 * run: {@code @Transactional} (JTA) or {@code @TransactionAttribute} (EJB) that begins or requires one, on the method
 * or on its class, and an EJB session bean's default (a container-managed REQUIRED transaction). Whether a caller's
 * transaction reaches a method that only supports one ({@code SUPPORTS}) is known at run time, where the step refuses
 * it.
 */
final class StepTransactionCheck implements StepCheck {

    private static final List<String> TRANSACTIONAL = List.of("jakarta.transaction.Transactional",
            "javax.transaction.Transactional");
    private static final List<String> TRANSACTION_ATTRIBUTE = List.of("jakarta.ejb.TransactionAttribute",
            "javax.ejb.TransactionAttribute");
    private static final List<String> TRANSACTION_MANAGEMENT = List.of("jakarta.ejb.TransactionManagement",
            "javax.ejb.TransactionManagement");
    private static final List<String> SESSION_BEANS = List.of("jakarta.ejb.Stateless", "jakarta.ejb.Stateful",
            "jakarta.ejb.Singleton", "javax.ejb.Stateless", "javax.ejb.Stateful", "javax.ejb.Singleton");
    /** The values of both annotations' enums that run the method in a transaction. */
    private static final Set<String> IN_TRANSACTION = Set.of("REQUIRED", "REQUIRES_NEW", "MANDATORY");

    private static final String JTA_FIX = "annotate the method @Transactional(TxType.NOT_SUPPORTED)";
    private static final String EJB_FIX = "annotate the method @TransactionAttribute(TransactionAttributeType"
            + ".NOT_SUPPORTED)";

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        ExecutableElement element = method.element();
        Element type = method.declaringType();
        Optional<AnnotationMirror> jta = first(element, TRANSACTIONAL);
        if (jta.isPresent()) {
            return inTransaction(jta.get()) ? List.of(issue(element, jta.get(), "@Transactional(TxType."
                    + value(jta.get()) + ") on the method", JTA_FIX)) : List.of();
        }
        Optional<AnnotationMirror> ejb = first(element, TRANSACTION_ATTRIBUTE);
        if (ejb.isPresent()) {
            return inTransaction(ejb.get()) ? List.of(issue(element, ejb.get(),
                    "@TransactionAttribute(" + value(ejb.get()) + ") on the method", EJB_FIX)) : List.of();
        }
        Optional<AnnotationMirror> classJta = first(type, TRANSACTIONAL);
        if (classJta.isPresent()) {
            return inTransaction(classJta.get()) ? List.of(issue(element, method.annotation(),
                    "@Transactional(TxType." + value(classJta.get()) + ") on class " + type.getSimpleName(),
                    JTA_FIX)) : List.of();
        }
        Optional<AnnotationMirror> classEjb = first(type, TRANSACTION_ATTRIBUTE);
        if (classEjb.isPresent()) {
            return inTransaction(classEjb.get()) ? List.of(issue(element, method.annotation(),
                    "@TransactionAttribute(" + value(classEjb.get()) + ") on class " + type.getSimpleName(),
                    EJB_FIX)) : List.of();
        }
        boolean beanManaged = first(type, TRANSACTION_MANAGEMENT).map(management -> value(management).equals("BEAN"))
                .orElse(false);
        if (first(type, SESSION_BEANS).isPresent() && !beanManaged) {
            return List.of(issue(element, method.annotation(), "session bean " + type.getSimpleName()
                    + " runs its methods in a container-managed REQUIRED transaction by default", EJB_FIX));
        }
        return List.of();
    }

    private static Optional<AnnotationMirror> first(Element element, List<String> names) {
        return names.stream().map(name -> Annotations.find(element, name)).flatMap(Optional::stream).findFirst();
    }

    private static boolean inTransaction(AnnotationMirror annotation) {
        return IN_TRANSACTION.contains(value(annotation));
    }

    /** The enum constant of the annotation's {@code value}; {@code REQUIRED}, the default of all three, if none. */
    private static String value(AnnotationMirror annotation) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : annotation.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals("value")
                    && entry.getValue().getValue() instanceof VariableElement constant) {
                return constant.getSimpleName().toString();
            }
        }
        return annotation.getAnnotationType().asElement().getSimpleName().contentEquals("TransactionManagement")
                ? "CONTAINER" : "REQUIRED";
    }

    private static Issue issue(Element element, AnnotationMirror position, String what, String fix) {
        return Issue.on(element, position, null, Message.STEP_IN_TRANSACTION, what, fix);
    }
}
