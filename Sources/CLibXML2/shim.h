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

/* xmlFree is a function-pointer variable (a macro in some builds): one call Swift can always see. */
static inline void strokebench_xml_free(void *pointer) { xmlFree(pointer); }
