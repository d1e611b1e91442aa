package io.idempo.runtime.admin;

import java.lang.System.Logger.Level;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The audit line every administrative operation leaves on the logger {@code io.idempo.audit}: the operation, the
 * operator, the request, what it touched and the result; never a request or response value.
 */
final class AuditLine {

    private static final System.Logger AUDIT = System.getLogger("io.idempo.audit");

    private AuditLine() {
    }

    /** @param subject what the operation touched ({@code action=... key=...}), or empty */
    static void write(String operation, Operator operator, String subject, String result) {
        AUDIT.log(Level.INFO, "idempo-audit operation={0} operator={1} request={2}{3} result={4}", operation,
                orDash(operator.principal()), orDash(operator.requestId()), subject.isEmpty() ? "" : " " + subject,
                result);
    }

    /**
     * Runs {@code work} and writes its line: {@code result} of what it returned, or {@code failure} of what it threw
     * (which is rethrown).
     */
    static <T> T audited(String operation, Operator operator, String subject, Supplier<T> work,
                         Function<T, String> result, Function<RuntimeException, String> failure) {
        T done;
        try {
            done = work.get();
        } catch (RuntimeException e) {
            write(operation, operator, subject, failure.apply(e));
            throw e;
        }
        write(operation, operator, subject, result.apply(done));
        return done;
    }

    /** What a failure that has no answer of its own says: {@code failed (<exception's simple name>)}. */
    static String failed(RuntimeException e) {
        return "failed (" + e.getClass().getSimpleName() + ")";
    }

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }
}
