package io.idempo.processor;

import java.util.List;

/** One rule about one {@code @Idempotent} method. Checks report by returning issues and never print. */
interface MethodCheck {

    List<Issue> check(IdempotentMethod method);
}
