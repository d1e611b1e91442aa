package io.idempo.processor;

import io.idempo.plan.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;

/**
 * Parses and resolves the {@code key} template (P007, P008, P009, P018, P020). Literal text is limited to the key
 * character set so that a rendered key is valid whenever its placeholder values are.
 */
final class KeyTemplatePlanner {

    record Result(Optional<KeyTemplate> template, List<Issue> issues) {
    }

    private final PathResolver paths;
    private final ParameterAccess parameterAccess;

    KeyTemplatePlanner(PathResolver paths, ParameterAccess parameterAccess) {
        this.paths = paths;
        this.parameterAccess = parameterAccess;
    }

    /** Empty result without issues when the method has no template. */
    Result plan(IdempotentMethod method) {
        Optional<AnnotationValue> value = method.explicitValue("key");
        String text = method.stringAttribute("key");
        if (value.isEmpty() || text.isEmpty()) {
            return new Result(Optional.empty(), List.of());
        }
        List<Issue> issues = new ArrayList<>();
        List<KeyTemplate.Part> parts = new ArrayList<>();
        int placeholders = 0;
        int position = 0;
        while (position < text.length()) {
            int open = text.indexOf('{', position);
            int close = text.indexOf('}', position);
            if (close >= 0 && (open < 0 || close < open)) {
                return malformed(method, value.get(), text, "has a '}' without a '{' before it");
            }
            String literal = text.substring(position, open < 0 ? text.length() : open);
            if (!Rules.isKeyLiteral(literal)) {
                return malformed(method, value.get(), text, "has literal text \"" + literal
                        + "\" outside the key character set " + Rules.KEY_CHARACTER);
            }
            if (!literal.isEmpty()) {
                parts.add(new KeyTemplate.Literal(literal));
            }
            if (open < 0) {
                break;
            }
            int end = text.indexOf('}', open);
            int nested = text.indexOf('{', open + 1);
            if (end < 0 || (nested >= 0 && nested < end)) {
                return malformed(method, value.get(), text, "has a '{' that is not closed by '}'");
            }
            String path = text.substring(open + 1, end);
            if (path.isBlank()) {
                return malformed(method, value.get(), text, "has an empty placeholder {}; name a parameter field");
            }
            placeholders++;
            List<Issue> placeholderIssues = placeholder(method, value.get(), path, parts);
            issues.addAll(placeholderIssues);
            position = end + 1;
        }
        if (placeholders == 0) {
            return malformed(method, value.get(), text, "has no {placeholder}, so every call would share one key; "
                    + "name a parameter field such as {order.id}");
        }
        boolean failed = !issues.isEmpty();
        return new Result(failed ? Optional.empty() : Optional.of(new KeyTemplate(text, List.copyOf(parts))), issues);
    }

    /** Resolves one placeholder and adds it to {@code parts}; returns its issues. */
    private List<Issue> placeholder(IdempotentMethod method, AnnotationValue value, String path,
                                    List<KeyTemplate.Part> parts) {
        PathResolver.Result resolved = paths.resolve(method, value, "key template", path, Map.of());
        if (resolved.path().isEmpty()) {
            return resolved.issues();
        }
        PathResolver.ResolvedPath placeholder = resolved.path().get();
        List<Issue> access = parameterAccess.check(method, value, placeholder.parameter());
        if (!access.isEmpty()) {
            return access;
        }
        Optional<ScalarKind> kind = ScalarKind.of(placeholder.type()).filter(ScalarKind::keyable);
        if (kind.isEmpty()) {
            return List.of(Issue.on(method.element(), method.annotation(), value, Message.TEMPLATE_NOT_SCALAR,
                    path, placeholder.type()));
        }
        parts.add(new KeyTemplate.Placeholder(placeholder, kind.get()));
        return List.of();
    }

    private static Result malformed(IdempotentMethod method, AnnotationValue value, String text, String problem) {
        return new Result(Optional.empty(), List.of(Issue.on(method.element(), method.annotation(), value,
                Message.MALFORMED_KEY_TEMPLATE, text, problem)));
    }
}
