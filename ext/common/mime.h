// The MIME table every area uses (static files, Response::sendfile(), client uploads): the core's
// built-in table with the changes of swoole_mime_type_add/set/delete (process-wide, as in Swoole).
#pragma once

#include <string_view>

namespace gust::php {

// The Content-Type of a file by its suffix; "application/octet-stream" when unknown. The view stays
// valid until the table changes.
std::string_view mime_type_of(std::string_view path);

}  // namespace gust::php
