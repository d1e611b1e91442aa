package io.idempo.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;

/** One {@code @ExternalStep} method as the step checks see it. */
final class ExternalStepMethod extends AnnotatedMethod {

    static final String EXTERNAL_STEP = "io.idempo.ExternalStep";
    static final String OWNER = "io.idempo.ExternalStep.Owner";
    /**
     * The runtime's types the step API names in signatures, by name only: the processor never depends on the runtime.
     */
    static final String STEP_OWNER = "io.idempo.runtime.step.StepOwner";
    static final String STEP_RESOLUTION = "io.idempo.runtime.step.StepResolution";

    ExternalStepMethod(ExecutableElement element, AnnotationMirror annotation) {
        super(element, annotation);
    }

    /** The step's name as declared ({@code name} has no default). */
    String stepName() {
        return stringAttribute("name");
    }
}
