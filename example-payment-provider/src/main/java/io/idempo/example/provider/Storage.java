package io.idempo.example.provider;

import java.nio.file.Path;
import java.util.UUID;

/** Where the provider keeps its charges and pending webhooks: an H2 database in memory or in a folder. */
public sealed interface Storage {

    /**
     * The folder when none is set: {@code payment-provider-data} in the working directory (its H2 file is
     * {@code payment-provider-data/provider.mv.db}).
     */
    Path DEFAULT_DIRECTORY = Path.of("payment-provider-data");

    /** A database of this provider's own in memory, gone when it stops: for a provider inside another JVM. */
    static Storage inMemory() {
        return new InMemory("payment-provider-" + UUID.randomUUID());
    }

    /** An H2 file in {@code directory} (created if missing), kept across restarts. */
    static Storage directory(Path directory) {
        Path absolute = directory.toAbsolutePath().normalize();
        if (absolute.toString().contains(";")) {
            throw new IllegalArgumentException("the data folder " + absolute + " has a ';', which an H2 URL cannot"
                    + " hold; choose another");
        }
        return new Directory(absolute);
    }

    /**
     * The H2 URL. In a folder, every commit is written to the file at once (WRITE_DELAY=0), so that a killed
     * provider keeps it, and H2 locks the file with the OS's lock (FILE_LOCK=FS), which goes with the process.
     */
    String jdbcUrl();

    /** The database in memory, by name. */
    record InMemory(String name) implements Storage {

        @Override
        public String jdbcUrl() {
            return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;DB_CLOSE_ON_EXIT=FALSE";
        }

        @Override
        public String toString() {
            return "in memory";
        }
    }

    /** The database file {@code provider.mv.db} in a folder. */
    record Directory(Path path) implements Storage {

        @Override
        public String jdbcUrl() {
            return "jdbc:h2:file:" + path.resolve("provider") + ";WRITE_DELAY=0;FILE_LOCK=FS;DB_CLOSE_ON_EXIT=FALSE";
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }
}
