package io.idempo.processor;

import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.type.DeclaredType;

/**
 * How a value of one fingerprinted type is written by {@code io.idempo.plan.CanonicalWriter}. The tree is built
 * once per field at compile time; {@link #describe()} feeds the fingerprint version.
 */
sealed interface Encoding {

    /** The plan shape of this encoding, without type names: renaming a class does not change any digest. */
    String describe();

    record Scalar(ScalarKind kind) implements Encoding {
        @Override
        public String describe() {
            return kind.label();
        }
    }

    record Sequence(Encoding element, boolean array) implements Encoding {
        @Override
        public String describe() {
            return "list<" + element.describe() + ">";
        }
    }

    record SetOf(Encoding element) implements Encoding {
        @Override
        public String describe() {
            return "set<" + element.describe() + ">";
        }
    }

    record MapOf(Encoding key, Encoding value) implements Encoding {
        @Override
        public String describe() {
            return "map<" + key.describe() + "," + value.describe() + ">";
        }
    }

    record OptionalOf(Encoding value) implements Encoding {
        @Override
        public String describe() {
            return "optional<" + value.describe() + ">";
        }
    }

    /** A record or class written through its readable properties, sorted by name. */
    record Composite(DeclaredType type, List<Member> members) implements Encoding {
        @Override
        public String describe() {
            return members.stream().map(member -> member.property().name() + ":" + member.encoding().describe())
                    .collect(Collectors.joining(",", "object{", "}"));
        }
    }

    record Member(Property property, Encoding encoding) {
    }
}
