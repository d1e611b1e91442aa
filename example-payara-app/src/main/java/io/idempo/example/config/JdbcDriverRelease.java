package io.idempo.example.config;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.lang.reflect.InvocationTargetException;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Releases what the JDBC drivers in WEB-INF/lib hold when the application stops, so that an undeployed application's
 * class loader can be collected: mysql-connector-j's abandoned-connection cleanup thread (started when any driver
 * scan, WildFly's among them, loads the driver class; its context class loader is the application's) is shut down,
 * and the drivers the application's class loader registered with {@link DriverManager} are deregistered. Found by
 * RedeployIT: before this, every redeploy on WildFly left one class loader behind.
 */
@WebListener
public class JdbcDriverRelease implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(JdbcDriverRelease.class.getName());
    private static final String MYSQL_CLEANUP = "com.mysql.cj.jdbc.AbandonedConnectionCleanupThread";

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        ClassLoader application = JdbcDriverRelease.class.getClassLoader();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() == application) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException e) {
                    LOG.log(Level.WARNING, "Could not deregister the JDBC driver " + driver.getClass().getName(), e);
                }
            }
        }
        try {
            Class.forName(MYSQL_CLEANUP, false, application).getMethod("checkedShutdown").invoke(null);
        } catch (ClassNotFoundException e) {
            // mysql-connector-j is not in the WAR: nothing to stop
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            LOG.log(Level.WARNING, "Could not stop mysql-connector-j's cleanup thread", e);
        }
    }
}
