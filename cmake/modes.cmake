# Compiler flags per build mode. The same flags are used by the PHP extension
# build (tools/build.sh passes them to configure), so keep both in step through
# tools/flags.sh, which is the single source for them.
execute_process(
    COMMAND bash ${CMAKE_SOURCE_DIR}/tools/flags.sh ${GUST_MODE} cflags
    OUTPUT_VARIABLE GUST_MODE_CFLAGS OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE flags_rc)
if(NOT flags_rc EQUAL 0)
    message(FATAL_ERROR "unknown GUST_MODE '${GUST_MODE}'")
endif()
execute_process(
    COMMAND bash ${CMAKE_SOURCE_DIR}/tools/flags.sh ${GUST_MODE} ldflags
    OUTPUT_VARIABLE GUST_MODE_LDFLAGS OUTPUT_STRIP_TRAILING_WHITESPACE)

separate_arguments(GUST_MODE_CFLAGS_LIST UNIX_COMMAND "${GUST_MODE_CFLAGS}")
separate_arguments(GUST_MODE_LDFLAGS_LIST UNIX_COMMAND "${GUST_MODE_LDFLAGS}")
add_compile_options(${GUST_MODE_CFLAGS_LIST} -Wall -Wextra -Wno-unused-parameter)
add_link_options(${GUST_MODE_LDFLAGS_LIST})
