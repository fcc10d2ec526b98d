// Kept so tests of other layers that include "loop/fake_poller.h" still build;
// the fake poller is public now.
#pragma once

#include "gust/loop/fake_poller.h"
