/* LeakSanitizer's built-in hooks for sanitizer builds of bench; see hooks.c. Nothing to call. */
