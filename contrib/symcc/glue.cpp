// The C++ side of the ferret backend: the few things of symcc-rt's shared
// code (Config.cpp, LibcWrappers.cpp) that have C++ linkage or C++ types,
// handed to runtime.c through C functions.  Everything else is in runtime.c.
#include <Runtime.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <variant>

#include "Config.h"
#include "LibcWrappers.h"

#include "glue.h"

extern "C" int fsym_load_config(void) {
  try {
    loadConfig();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "SymCC (ferret backend): bad configuration: %s\n",
                 e.what());
    return 0;
  }
  initLibcWrappers();
  return 1;
}

extern "C" int fsym_input_kind(void) {
  if (std::holds_alternative<NoInput>(g_config.input)) return FSYM_INPUT_NONE;
  if (std::holds_alternative<MemoryInput>(g_config.input))
    return FSYM_INPUT_MEMORY;
  if (std::holds_alternative<FileInput>(g_config.input))
    return FSYM_INPUT_FILE;
  return FSYM_INPUT_STDIN;
}

extern "C" const char *fsym_input_file(void) {
  auto *fi = std::get_if<FileInput>(&g_config.input);
  return fi ? fi->fileName.c_str() : nullptr;
}

extern "C" const char *fsym_output_dir(void) {
  return g_config.outputDir.c_str();
}

extern "C" const char *fsym_log_file(void) {
  return g_config.logFile.empty() ? nullptr : g_config.logFile.c_str();
}

extern "C" const char *fsym_afl_map(void) {
  return g_config.aflCoverageMap.empty() ? nullptr
                                         : g_config.aflCoverageMap.c_str();
}
