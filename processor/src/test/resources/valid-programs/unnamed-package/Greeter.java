import io.idempo.Idempotent;

/** A service in the unnamed package, and its record. */
public class Greeter {

    public record Greeting(String name) {
    }

    @Idempotent(action = "greeter.greet", key = "{greeting.name}")
    public String greet(Greeting greeting) {
        return "hello " + greeting.name();
    }
}
