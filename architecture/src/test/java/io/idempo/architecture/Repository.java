package io.idempo.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The repository the build runs in: its docs and its sources, as text. */
public final class Repository {

    public static final Path ROOT = Path.of(System.getProperty("idempo.repository")).toAbsolutePath().normalize();

    private Repository() {
    }

    /** The README, the docs pages and the modules' READMEs. */
    public static List<Path> docs() {
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs")); Stream<Path> modules = Files.list(ROOT)) {
            List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
            pages.filter(page -> page.toString().endsWith(".md")).sorted().forEach(docs::add);
            modules.map(module -> module.resolve("README.md")).filter(Files::isRegularFile).sorted()
                    .forEach(docs::add);
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every Java source of every module, main and test. */
    public static List<Path> javaSources() {
        try (Stream<Path> modules = Files.list(ROOT)) {
            List<Path> sources = new ArrayList<>();
            for (Path source : modules.map(module -> module.resolve("src")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(source)) {
                    files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(sources::add);
                }
            }
            return sources;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String relative(Path file) {
        return ROOT.relativize(file).toString();
    }
}
