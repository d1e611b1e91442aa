package io.idempo.example.jobs;

import io.idempo.example.web.InvalidRequestException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code GET /api/jobs/runs?limit=N}: the latest runs of the scheduled jobs, newest first. */
@Path("jobs/runs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class JobRunResource {

    static final int MAX_LIMIT = 1000;

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    @GET
    public List<JobRunView> runs(@QueryParam("limit") @DefaultValue("100") int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit must be 1 to " + MAX_LIMIT);
        }
        return em.createQuery("SELECT r FROM JobRun r ORDER BY r.createdAt DESC, r.id DESC", JobRun.class)
                .setMaxResults(limit)
                .getResultList().stream().map(JobRunView::of).toList();
    }
}
