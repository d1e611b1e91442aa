package io.idempo.runtime.admin;

/**
 * Who asks for an administrative operation, for the audit line: the principal's name and the id of the request
 * that carried the order. Either may be null (an anonymous caller, an entry point without request ids).
 */
public record Operator(String principal, String requestId) {
}
