/*
 * LeakSanitizer's built-in hooks, read only by sanitizer builds (`swift build` or `swift test` with
 * `--sanitize=address`). In C, uninstrumented, because the sanitizer runtime calls the options hook
 * while it is still starting, before instrumented code may run.
 *
 * Suppressed: leaks in other people's code, at process exit, that bench cannot fix. Without them
 * every such process ends with a leak report and exit status 23 instead of its own status, and the
 * CLI tests could not check bench's exit statuses under ASan. Leaks in StrokeBench's own code, in
 * cairo or in pixman are not suppressed (docs/robustness.md).
 *
 * - ArgumentParser8InputKey: swift-argument-parser leaks 48 bytes building the error for an invalid
 *   option value (`--clock sundial`), just before bench exits 64.
 * - XCTest: the XCTest runner's suite objects, at the exit of the test bundle, which links bench's
 *   module for the CLI tests.
 * - Foundation7ProcessC3run: Process.run() leaks a 32-byte weak-reference side table per child
 *   process, in the test bundle that starts bench.
 */
#include "CSanitizerHooks.h"

#define HOOK __attribute__((used, visibility("default"), no_sanitize("address")))

HOOK const char *__lsan_default_suppressions(void) {
    return "leak:ArgumentParser8InputKey\n"
           "leak:XCTest\n"
           "leak:Foundation7ProcessC3run\n";
}

/* Do not print the table of suppressions used: it would add lines to bench's one-line errors. */
HOOK const char *__lsan_default_options(void) {
    return "print_suppressions=0";
}
