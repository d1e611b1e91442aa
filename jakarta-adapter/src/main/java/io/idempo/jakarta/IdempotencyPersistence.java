package io.idempo.jakarta;

import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Chooses the persistence unit that holds the record table, when the application has more than one: produce a
 * container-managed entity manager with this qualifier.
 *
 * <pre>{@code
 * @Produces @IdempotencyPersistence @PersistenceContext(unitName = "orders")
 * EntityManager idempotencyEntityManager;
 * }</pre>
 *
 * Without such a producer the adapter uses the application's default persistence unit.
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE})
public @interface IdempotencyPersistence {
}
