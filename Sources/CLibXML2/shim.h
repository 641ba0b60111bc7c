#include <stdint.h>

/* Debian builds libxml2 with ICU, so its encoding.h includes the system's <unicode/ucnv.h>, whose
 * declarations clash with the ICU module Foundation ships. Nothing here converts encodings: the
 * guard keeps that header out, and the two ICU types encoding.h names (in a struct never used
 * from Swift) are declared opaque. */
#define UCNV_H 1
typedef struct UConverter UConverter;
typedef uint16_t UChar;

#include <libxml/xmlreader.h>

/* The first error libxml2 reports while reading a document, caught instead of printed. */
typedef struct {
    int code;
    int line;
    int set;
} strokebench_xml_error;

#if LIBXML_VERSION >= 21200
static inline void strokebench_xml_record(void *context, const xmlError *error) {
#else
static inline void strokebench_xml_record(void *context, xmlErrorPtr error) {
#endif
    strokebench_xml_error *first = (strokebench_xml_error *)context;
    if (first->set || error == NULL) return;
    first->code = error->code;
    first->line = error->line;
    first->set = 1;
}

/* Routes the reader's errors and warnings into `first`; nothing reaches stderr. */
static inline void strokebench_xml_capture_errors(xmlTextReaderPtr reader, strokebench_xml_error *first) {
    xmlTextReaderSetStructuredErrorHandler(reader, strokebench_xml_record, first);
}

/* Some errors (an encoding that cannot be converted, say) skip the reader's handler and go to the
 * thread's generic handler, which prints to stderr; this one drops them. The reader's handler has
 * already recorded the error that stops the parse. */
static inline void strokebench_xml_ignore(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* Silences the calling thread's generic libxml2 error output. */
static inline void strokebench_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, strokebench_xml_ignore);
}

/* xmlFree is a function-pointer variable (a macro in some builds): one call Swift can always see. */
static inline void strokebench_xml_free(void *pointer) { xmlFree(pointer); }
