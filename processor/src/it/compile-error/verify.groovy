// Both mistakes are reported with their stable codes: P001 on the @Idempotent annotation of the void method,
// P012 on the ttl attribute's own line.
def log = new File(basedir, 'build.log').text
assert log =~ /BrokenService\.java:\[8,5\] \[IDEM-P001\]/
assert log =~ /BrokenService\.java:\[13,\d+\] \[IDEM-P012\] ttl = "30 minutes" is not an ISO-8601 duration/
