package io.idempo.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No package is split across modules: every package of the main sources (libraries, examples, benchmarks) lives in
 * one module. A split package cannot be a Java module's, and it hides from ArchUnit's rules which module a class
 * belongs to (the benchmarks once put classes into the runtime's {@code io.idempo.runtime.claim}).
 */
class OnePackageOneModuleTest {

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    @Test
    void everyPackageOfTheMainSourcesLivesInOneModule() {
        Map<String, Set<String>> modulesByPackage = new TreeMap<>();
        for (Path source : Repository.javaSources()) {
            Path relative = Repository.ROOT.relativize(source);
            if (relative.getNameCount() < 5 || !relative.subpath(1, 4).equals(Path.of("src", "main", "java"))) {
                continue; // test sources, and the sample projects of the processor's functional tests
            }
            Matcher declared = PACKAGE.matcher(Repository.read(source));
            assertTrue(declared.find(), relative + " declares no package");
            modulesByPackage.computeIfAbsent(declared.group(1), name -> new TreeSet<>())
                    .add(relative.getName(0).toString());
        }
        assertTrue(modulesByPackage.containsKey("io.idempo.runtime"), "read the main sources: " + modulesByPackage);
        Map<String, Set<String>> split = new TreeMap<>(modulesByPackage);
        split.values().removeIf(modules -> modules.size() == 1);
        assertEquals(Map.of(), split, "packages declared in more than one module");
    }
}
