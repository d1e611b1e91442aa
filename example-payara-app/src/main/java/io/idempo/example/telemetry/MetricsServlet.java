package io.idempo.example.telemetry;

import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code GET /metrics}: the application's metrics in the Prometheus text format, for a Prometheus server to scrape.
 * Outside {@code /api}, so without authentication (web.xml protects {@code /api/*} only): restrict it at the network
 * instead, as metrics endpoints usually are.
 */
@WebServlet("/metrics")
public class MetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Inject
    transient Telemetry telemetry;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType(telemetry.contentType());
        telemetry.scrape(response.getOutputStream());
    }
}
