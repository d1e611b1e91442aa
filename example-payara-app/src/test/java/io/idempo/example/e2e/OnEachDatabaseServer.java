package io.idempo.example.e2e;

import io.idempo.testing.database.DatabaseKind;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs a test class once on each local database server, PostgreSQL then MariaDB (the order of {@link DatabaseKind}),
 * with the {@link DatabaseKind} as its argument: the class starts one app server per database
 * ({@code @BeforeParameterizedClassInvocation}) and stops it afterwards, as a class per database did.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}")
@EnumSource(value = DatabaseKind.class, names = {"MARIADB", "POSTGRESQL"})
public @interface OnEachDatabaseServer {
}
