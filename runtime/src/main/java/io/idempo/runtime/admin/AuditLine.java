package io.idempo.runtime.admin;

import java.lang.System.Logger.Level;

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

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }
}
