/**
 * Public only because other idempo packages use it: not an API, may change in any release.
 */
package io.idempo.runtime.internal;
