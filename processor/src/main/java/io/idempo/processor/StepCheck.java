package io.idempo.processor;

import java.util.List;

/** One rule about one {@code @ExternalStep} method. Checks report by returning issues and never print. */
interface StepCheck {

    List<Issue> check(ExternalStepMethod method);
}
