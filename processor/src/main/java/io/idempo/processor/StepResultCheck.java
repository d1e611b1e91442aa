package io.idempo.processor;

import java.util.List;

/**
 * P024: a later run of a step returns the stored result, so there must be one (or an explicit "no result"), and its
 * type must be known when it is decoded: the rule of an {@code @Idempotent} method's result ({@link ResultCheck}).
 */
final class StepResultCheck implements StepCheck {

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        return ResultCheck.check(method, Message.STEP_VOID_WITHOUT_NO_RESULT, Message.STEP_NO_RESULT_WITH_VALUE,
                Message.STEP_UNREPLAYABLE_RESULT);
    }
}
