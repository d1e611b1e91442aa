package io.idempo.example.config;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The physical data source behind the container's pool {@code java:app/jdbc/idempo-example} (declared in
 * {@code web.xml}): it connects to whatever {@code DB_URL} names, with the driver that the URL's scheme calls for,
 * all of them shipped in {@code WEB-INF/lib}.
 *
 * <p>Why a class of our own: a {@code <data-source>} names one class, but the database is chosen at start by an
 * environment variable, and the server substitution that could fill {@code <url>} differs between Payara and
 * WildFly (where it is off by default). The container still pools and enlists in JTA: this class only opens
 * physical connections.
 *
 * <p>Every connection it opens is at {@link #ISOLATION READ COMMITTED}. The level is set here rather than by
 * {@code <isolation-level>} in {@code web.xml}, which WildFly 39 maps by the enum constant's position
 * ({@code TRANSACTION_READ_COMMITTED} becomes {@code TRANSACTION_READ_UNCOMMITTED}, dirty reads on MariaDB and
 * MySQL); without that element WildFly's pool keeps READ COMMITTED and Payara's leaves the level alone.
 *
 * <p>Setters exist for the properties a container may pass ({@code url}, {@code user}, {@code password}); values
 * set there win over the environment, so a descriptor can still pin a database.
 */
public class EnvironmentDataSource implements DataSource {

    /**
     * The level of every connection: a waiting duplicate then sees the winner's committed row, on every supported
     * database (MariaDB and MySQL default to REPEATABLE READ).
     */
    public static final int ISOLATION = Connection.TRANSACTION_READ_COMMITTED;

    private final ExampleSettings settings = ExampleSettings.current();
    private volatile String url;
    private volatile String user;
    private volatile String password;
    private volatile Driver driver;
    private volatile PrintWriter logWriter;
    private volatile int loginTimeout;

    public String getUrl() {
        return url != null ? url : settings.databaseUrl();
    }

    public void setUrl(String url) {
        this.url = blankToNull(url);
    }

    /** Some containers spell it URL. */
    public void setURL(String url) {
        setUrl(url);
    }

    public String getUser() {
        return user != null ? user : settings.databaseUser();
    }

    public void setUser(String user) {
        this.user = blankToNull(user);
    }

    public void setPassword(String password) {
        this.password = blankToNull(password);
    }

    private String password() {
        return password != null ? password : settings.databasePassword();
    }

    @Override
    public Connection getConnection() throws SQLException {
        return getConnection(getUser(), password());
    }

    @Override
    public Connection getConnection(String username, String pass) throws SQLException {
        Properties properties = new Properties();
        String effectiveUser = blankToNull(username) != null ? username : getUser();
        String effectivePassword = pass != null && !pass.isEmpty() ? pass : password();
        if (effectiveUser != null) {
            properties.setProperty("user", effectiveUser);
        }
        if (effectivePassword != null) {
            properties.setProperty("password", effectivePassword);
        }
        String target = getUrl();
        Connection connection = driver(target).connect(target, properties);
        if (connection == null) {
            throw new SQLException("The " + JdbcDrivers.forUrl(target).name() + " driver does not accept "
                    + ExampleSettings.mask(target));
        }
        try {
            connection.setTransactionIsolation(ISOLATION);
        } catch (SQLException | RuntimeException e) {
            try {
                connection.close();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return connection;
    }

    private Driver driver(String target) throws SQLException {
        Driver current = driver;
        if (current == null) {
            current = JdbcDrivers.forUrl(target).load(EnvironmentDataSource.class.getClassLoader());
            driver = current;
        }
        return current;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("java.util.logging is not used");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException(getClass().getName() + " does not wrap " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
