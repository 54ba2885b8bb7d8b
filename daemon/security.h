/*  security.h - who may talk to the daemon: CURVE encryption, an
 *  allow-list of client public keys checked by a ZAP handler, and the
 *  rule that a daemon reachable from other machines is encrypted.
 *
 *  With CURVE on, the daemon's ROUTER is a CURVE server with the ZAP
 *  domain SECURITY_ZAP_DOMAIN and domain enforcement: a handshake is
 *  accepted only when the ZAP handler (one thread per server, on the
 *  server's ZeroMQ context) finds the client's public key on the
 *  allow-list.  When the handler is missing or stopped, ZeroMQ refuses
 *  every handshake (it fails closed).
 *
 *  Keys are Z85 text, 40 characters for 32 bytes.  A key file holds one
 *  key on one line; blank lines and lines starting with '#' are skipped.
 *  `solod --make-keys FILE` writes a secret key to FILE (mode 0600) and
 *  its public key to FILE.pub.
 */
#ifndef SOLOD_SECURITY_H
#define SOLOD_SECURITY_H

#include <stdbool.h>
#include <stdint.h>

#define SECURITY_KEY_TEXT      41     /* bytes of a Z85 key, NUL included */
#define SECURITY_KEY_BYTES     32     /* bytes of a key */
#define SECURITY_CLIENTS_MAX   256    /* public keys on the allow-list */
#define SECURITY_KEY_FILE_MAX  4096   /* bytes read from a key file */
#define SECURITY_ZAP_DOMAIN    "solod"
#define SECURITY_ZAP_ENDPOINT  "inproc://zeromq.zap.01"   /* RFC 27 */

/*  The CURVE settings (config.h holds them as `curve`). */
typedef struct {
    bool enabled;
    char secret_key[SECURITY_KEY_TEXT];  /* the daemon's, Z85 */
    char public_key[SECURITY_KEY_TEXT];  /* the daemon's, Z85; clients
                                            need it (--server-key) */
    int client_count;                    /* 1..SECURITY_CLIENTS_MAX */
    char clients[SECURITY_CLIENTS_MAX][SECURITY_KEY_TEXT];
} security_config_t;

typedef struct security_t security_t;

/*  True when this libzmq can do CURVE (built with libsodium). */
bool security_curve_available (void);

/*  0 when `text` is a Z85 CURVE key (40 characters of the Z85 alphabet),
 *  else -1 with `err` saying what is wrong with it ("is 12 characters,
 *  a key is 40", "has '~' at 7, not a Z85 character"). */
int security_check_key (const char *text, char *err, int errlen);

/*  A fresh key pair into `public_key` and `secret_key` (each
 *  SECURITY_KEY_TEXT bytes).  0, or -1 when CURVE is not available. */
int security_make_keys (char *public_key, char *secret_key);

/*  The public key of a Z85 secret key into `public_key`.  0, or -1 when
 *  `secret_key` is not a key. */
int security_public_key (const char *secret_key, char *public_key);

/*  Read the one key of a key file into `key` (SECURITY_KEY_TEXT bytes).
 *  0, or -1 with `err` as "file:line - reason" (cannot be read, no key,
 *  more than one, not a key) or "file - reason". */
int security_read_key_file (const char *path, char *key, char *err,
                            int errlen);

/*  Write a new key pair: the secret key to `path` (created with mode
 *  0600, refused when it exists) and the public key to `path`.pub; the
 *  public key also into `public_key` (may be NULL).  0, or -1 with
 *  `err`. */
int security_write_key_files (const char *path, char *public_key,
                              char *err, int errlen);

/*  True when a bind to `endpoint` can be reached only from this machine:
 *  tcp:// on 127.0.0.0/8, [::1], localhost or the interface "lo";
 *  ipc:// and inproc://.  Anything else (a wildcard, another address or
 *  interface, another transport) is false. */
bool security_endpoint_is_local (const char *endpoint);

/*  The bind rule: 0 when `endpoint` is local, CURVE is on, `insecure`
 *  says so, or the transport is not a network one ZeroMQ knows (tcp, ws,
 *  wss, pgm, epgm, norm, udp, tipc, vmci: the bind itself then fails);
 *  else -1 with `err` naming the endpoint and the two ways out
 *  (curve = { ... } or insecure = true). */
int security_check_bind (const char *endpoint, bool curve, bool insecure,
                         char *err, int errlen);

/*  Check the settings when enabled: CURVE available, both keys valid and
 *  a pair, 1..SECURITY_CLIENTS_MAX client keys all valid.  0, or -1 with
 *  `err` naming the key ("curve.allowed_clients[2]: ..."). */
int security_config_check (const security_config_t *cfg, char *err,
                           int errlen);

/*  Read the `curve` group of the daemon's config file into `cfg` and
 *  enable it:
 *
 *      curve = {
 *        secret_key = "...";             # or secret_key_file = "path";
 *        public_key = "...";             # optional: checked against it
 *        allowed_clients = [ "...", ... ];
 *        allowed_client_files = [ "alice.pub", ... ];   # and/or these
 *      };
 *
 *  `group` is a libconfig config_setting_t *; relative file names are
 *  taken from `folder`; `path` names the config file in errors.  Then
 *  checks it all (security_config_check).  0, or -1 with `err` as
 *  "file:line - reason". */
int security_config_read (security_config_t *cfg, const void *group,
                          const char *path, const char *folder, char *err,
                          int errlen);

/*  Start the ZAP handler on the ZeroMQ context `zmq_context` with the
 *  allow-list of `cfg` (copied; cfg->enabled must be true and the
 *  settings checked).  Only one handler may run per context.  Returns
 *  the handler, or NULL with `err` (CURVE missing, the ZAP endpoint
 *  taken, no thread). */
security_t *security_new (void *zmq_context, const security_config_t *cfg,
                          char *err, int errlen);

/*  Stop the handler thread and free it; safe when *self_p is NULL.
 *  Call before zmq_ctx_term of its context (works before or after
 *  zmq_ctx_shutdown). */
void security_destroy (security_t **self_p);

/*  Make `socket` (not yet bound) a CURVE server with the secret key of
 *  `cfg`, the ZAP domain SECURITY_ZAP_DOMAIN and domain enforcement on.
 *  0, or -1 with `err` when an option is refused: the daemon must then
 *  not serve, as it could not be sure of refusing strangers. */
int security_apply_server (void *socket, const security_config_t *cfg,
                           char *err, int errlen);

/*  Handshakes the handler has accepted and refused so far. */
uint64_t security_accepted (const security_t *self);
uint64_t security_refused (const security_t *self);

#endif
