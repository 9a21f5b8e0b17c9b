// The async boundary lets the federation runtime negotiate the shared scope before any
// shared module (React, the router, @kb/contracts) is evaluated.
import('./bootstrap');
