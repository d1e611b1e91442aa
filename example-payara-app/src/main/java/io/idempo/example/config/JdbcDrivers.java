package io.idempo.example.config;

import java.lang.reflect.InvocationTargetException;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Locale;

/** The JDBC drivers the WAR ships, chosen by the scheme of a JDBC URL. */
public enum JdbcDrivers {

    H2("jdbc:h2:", "org.h2.Driver"),
    POSTGRESQL("jdbc:postgresql:", "org.postgresql.Driver"),
    MARIADB("jdbc:mariadb:", "org.mariadb.jdbc.Driver"),
    MYSQL("jdbc:mysql:", "com.mysql.cj.jdbc.Driver");

    private final String prefix;
    private final String driverClass;

    JdbcDrivers(String prefix, String driverClass) {
        this.prefix = prefix;
        this.driverClass = driverClass;
    }

    /**
     * The driver for {@code url}.
     *
     * @throws IllegalArgumentException for a scheme the example ships no driver for
     */
    public static JdbcDrivers forUrl(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        for (JdbcDrivers driver : values()) {
            if (lower.startsWith(driver.prefix)) {
                return driver;
            }
        }
        throw new IllegalArgumentException("DB_URL " + ExampleSettings.mask(url) + " names no database the example"
                + " ships a driver for: use jdbc:postgresql:, jdbc:mariadb:, jdbc:mysql: or jdbc:h2:");
    }

    public String driverClass() {
        return driverClass;
    }

    /** A new instance of the driver, from {@code loader} (the WAR's), without going through DriverManager. */
    Driver load(ClassLoader loader) throws SQLException {
        try {
            return (Driver) Class.forName(driverClass, true, loader).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException | NoSuchMethodException | InstantiationException | IllegalAccessException
                 | InvocationTargetException e) {
            throw new SQLException("Cannot load the JDBC driver " + driverClass + ": is it missing from WEB-INF/lib?", e);
        }
    }
}
