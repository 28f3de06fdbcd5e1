/* C view of symcc-rt's configuration (Config.h), implemented in glue.cpp. */
#ifndef FERRET_SYMCC_GLUE_H
#define FERRET_SYMCC_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

enum { FSYM_INPUT_NONE, FSYM_INPUT_STDIN, FSYM_INPUT_FILE, FSYM_INPUT_MEMORY };

/* loadConfig() and initLibcWrappers(); 0 (after a message on stderr) when
 * an environment variable has a bad value. */
int fsym_load_config(void);
int fsym_input_kind(void);
const char *fsym_input_file(void);   /* SYMCC_INPUT_FILE, else NULL */
const char *fsym_output_dir(void);   /* SYMCC_OUTPUT_DIR or /tmp/output */
const char *fsym_log_file(void);     /* SYMCC_LOG_FILE, else NULL */
const char *fsym_afl_map(void);      /* SYMCC_AFL_COVERAGE_MAP, else NULL */

#ifdef __cplusplus
}
#endif

#endif
