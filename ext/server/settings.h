// Server::set() and Port::set(): the `setting` arrays and what start() reads from them (server_settings.cc,
// server_length_func.cc).
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// settings.cc: merges `settings` into the `setting` property, warns about unknown keys.
void merge_settings(zend_object *obj, HashTable *settings, bool port_level);
// Reads the server's settings (and every port's framing) from the `setting` properties.
bool load_settings(Server *s);
// package_length_func: `o` (kLengthFunc) gets a length function calling `callable`.
bool load_length_func(Port *p, zval *callable, proto::framing::Options *o);

}  // namespace gust::php::srv
