/*  security.c - CURVE keys, the ZAP handler with its allow-list, and the
 *  bind rule.  */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <libconfig.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>
#include "log.h"
#include "security.h"

/*  A draft option of libzmq 4.3, present in the library the header may
 *  not declare: without it a missing ZAP handler would let anyone in. */
#ifndef ZMQ_ZAP_ENFORCE_DOMAIN
#define ZMQ_ZAP_ENFORCE_DOMAIN 93
#endif

#define SECURITY_KEY_CHARS  40
#define ZAP_FRAMES_MAX      8        /* frames of a ZAP request looked at */

static const char z85_alphabet[] =
    "0123456789abcdefghijklmnopqrstuvwxyz"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

struct security_t {
    void *socket;                    /* REP on SECURITY_ZAP_ENDPOINT */
    int stop_pipe[2];
    pthread_t thread;
    bool thread_started;
    int client_count;
    uint8_t clients[SECURITY_CLIENTS_MAX][SECURITY_KEY_BYTES];
    atomic_uint_fast64_t accepted;
    atomic_uint_fast64_t refused;
};

/*  ---- keys ------------------------------------------------------------- */

bool
security_curve_available (void)
{
    return zmq_has ("curve") != 0;
}

int
security_check_key (const char *text, char *err, int errlen)
{
    if (!text) {
        snprintf (err, (size_t) errlen, "no key given");
        return -1;
    }
    size_t len = strlen (text);
    if (len != SECURITY_KEY_CHARS) {
        snprintf (err, (size_t) errlen,
                  "is %zu characters, a Z85 key is %d", len,
                  SECURITY_KEY_CHARS);
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        if (!strchr (z85_alphabet, text[i])) {
            snprintf (err, (size_t) errlen,
                      "has '%c' at %zu, not a Z85 character",
                      text[i] >= 32 && text[i] < 127 ? text[i] : '?', i);
            return -1;
        }
    return 0;
}

int
security_make_keys (char *public_key, char *secret_key)
{
    if (!security_curve_available ())
        return -1;
    return zmq_curve_keypair (public_key, secret_key) == 0 ? 0 : -1;
}

int
security_public_key (const char *secret_key, char *public_key)
{
    char err[128];
    if (security_check_key (secret_key, err, sizeof err)
    ||  !security_curve_available ())
        return -1;
    return zmq_curve_public (public_key, secret_key) == 0 ? 0 : -1;
}

int
security_read_key_file (const char *path, char *key, char *err, int errlen)
{
    FILE *file = fopen (path, "r");
    if (!file) {
        snprintf (err, (size_t) errlen, "%s - cannot read: %s", path,
                  strerror (errno));
        return -1;
    }
    char text[SECURITY_KEY_FILE_MAX + 1];
    size_t got = fread (text, 1, SECURITY_KEY_FILE_MAX + 1, file);
    fclose (file);
    if (got > SECURITY_KEY_FILE_MAX) {
        snprintf (err, (size_t) errlen,
                  "%s - longer than %d bytes: not a key file", path,
                  SECURITY_KEY_FILE_MAX);
        return -1;
    }
    text[got] = '\0';
    int found_line = 0, line_number = 0;
    char *line = text;
    while (line && *line) {
        line_number++;
        char *end = strchr (line, '\n');
        if (end)
            *end = '\0';
        while (*line == ' ' || *line == '\t')
            line++;
        size_t len = strlen (line);
        while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'
                           || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len > 0 && line[0] != '#') {
            if (found_line) {
                snprintf (err, (size_t) errlen,
                          "%s:%d - a second key (the first is on line %d)",
                          path, line_number, found_line);
                return -1;
            }
            char why[128];
            if (security_check_key (line, why, sizeof why)) {
                snprintf (err, (size_t) errlen, "%s:%d - the key %s", path,
                          line_number, why);
                return -1;
            }
            memcpy (key, line, SECURITY_KEY_TEXT);
            found_line = line_number;
        }
        line = end ? end + 1 : NULL;
    }
    if (!found_line) {
        snprintf (err, (size_t) errlen, "%s:%d - no key in the file", path,
                  line_number > 0 ? line_number : 1);
        return -1;
    }
    return 0;
}

/*  Create `path` with `mode`, refusing an existing file, holding a
 *  comment line and the key. */
static int
write_key (const char *path, mode_t mode, const char *comment,
           const char *key, char *err, int errlen)
{
    int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        snprintf (err, (size_t) errlen, "%s - cannot create: %s", path,
                  strerror (errno));
        return -1;
    }
    char text[256];
    int len = snprintf (text, sizeof text, "# %s\n%s\n", comment, key);
    ssize_t put = write (fd, text, (size_t) len);
    int saved = errno;
    if (close (fd) || put != len) {
        snprintf (err, (size_t) errlen, "%s - cannot write: %s", path,
                  strerror (put < 0 ? saved : errno));
        unlink (path);
        return -1;
    }
    return 0;
}

int
security_write_key_files (const char *path, char *public_key, char *err,
                          int errlen)
{
    char public_text[SECURITY_KEY_TEXT], secret_text[SECURITY_KEY_TEXT];
    char public_path[4096];
    if (snprintf (public_path, sizeof public_path, "%s.pub", path)
        >= (int) sizeof public_path) {
        snprintf (err, (size_t) errlen, "%s - the path is too long", path);
        return -1;
    }
    if (security_make_keys (public_text, secret_text)) {
        snprintf (err, (size_t) errlen,
                  "this libzmq cannot make CURVE keys (built without "
                  "libsodium)");
        return -1;
    }
    struct stat st;
    if (stat (public_path, &st) == 0) {
        snprintf (err, (size_t) errlen, "%s - exists; not overwritten",
                  public_path);
        return -1;
    }
    if (write_key (path, 0600, "solod CURVE secret key: keep it private",
                   secret_text, err, errlen))
        return -1;
    if (write_key (public_path, 0644, "solod CURVE public key", public_text,
                   err, errlen)) {
        unlink (path);
        return -1;
    }
    if (public_key)
        memcpy (public_key, public_text, SECURITY_KEY_TEXT);
    return 0;
}

/*  ---- the bind rule ---------------------------------------------------- */

/*  True when `host` (no brackets) is a loopback address or name. */
static bool
host_is_loopback (const char *host)
{
    if (strcmp (host, "localhost") == 0 || strcmp (host, "lo") == 0)
        return true;
    struct in_addr v4;
    if (inet_pton (AF_INET, host, &v4) == 1)
        return (ntohl (v4.s_addr) >> 24) == 127;
    struct in6_addr v6;
    if (inet_pton (AF_INET6, host, &v6) == 1) {
        if (IN6_IS_ADDR_LOOPBACK (&v6))
            return true;
        return IN6_IS_ADDR_V4MAPPED (&v6) && v6.s6_addr[12] == 127;
    }
    return false;
}

bool
security_endpoint_is_local (const char *endpoint)
{
    if (!endpoint)
        return false;
    if (strncmp (endpoint, "ipc://", 6) == 0
    ||  strncmp (endpoint, "inproc://", 9) == 0)
        return true;
    if (strncmp (endpoint, "tcp://", 6) != 0)
        return false;
    const char *address = endpoint + 6;
    const char *colon = strrchr (address, ':');
    if (!colon || colon == address)
        return false;
    char host[256];
    size_t len = (size_t) (colon - address);
    if (len >= sizeof host)
        return false;
    memcpy (host, address, len);
    host[len] = '\0';
    if (host[0] == '[') {
        if (len < 2 || host[len - 1] != ']')
            return false;
        memmove (host, host + 1, len - 2);
        host[len - 2] = '\0';
    }
    return host_is_loopback (host);
}

/*  True for a transport that reaches other machines.  Others are local
 *  (ipc, inproc) or unknown to ZeroMQ, whose bind then says so. */
static bool
network_transport (const char *endpoint)
{
    static const char *network[] = {
        "tcp://", "ws://", "wss://", "pgm://", "epgm://", "norm://",
        "udp://", "tipc://", "vmci://"
    };
    for (size_t i = 0; i < sizeof network / sizeof network[0]; i++)
        if (strncmp (endpoint, network[i], strlen (network[i])) == 0)
            return true;
    return false;
}

int
security_check_bind (const char *endpoint, bool curve, bool insecure,
                     char *err, int errlen)
{
    if (curve || insecure || !endpoint || !network_transport (endpoint)
    ||  security_endpoint_is_local (endpoint))
        return 0;
    snprintf (err, (size_t) errlen,
              "refusing to bind %s without CURVE: it can be reached from "
              "other machines.  Set curve = { ... } (see solod --make-keys), "
              "bind a loopback address, or set insecure = true to serve "
              "it in the clear", endpoint);
    return -1;
}

int
security_config_check (const security_config_t *cfg, char *err, int errlen)
{
    char why[128];
    if (!cfg->enabled)
        return 0;
    if (!security_curve_available ()) {
        snprintf (err, (size_t) errlen,
                  "curve: this libzmq has no CURVE (built without "
                  "libsodium)");
        return -1;
    }
    if (security_check_key (cfg->secret_key, why, sizeof why)) {
        snprintf (err, (size_t) errlen, "curve.secret_key: the key %s", why);
        return -1;
    }
    char derived[SECURITY_KEY_TEXT];
    if (security_public_key (cfg->secret_key, derived)) {
        snprintf (err, (size_t) errlen, "curve.secret_key: not a key");
        return -1;
    }
    if (cfg->public_key[0] && strcmp (cfg->public_key, derived) != 0) {
        snprintf (err, (size_t) errlen,
                  "curve.public_key is not the public key of "
                  "curve.secret_key (that is %s)", derived);
        return -1;
    }
    if (cfg->client_count < 1 || cfg->client_count > SECURITY_CLIENTS_MAX) {
        snprintf (err, (size_t) errlen,
                  "curve.allowed_clients holds %d keys, must be 1..%d (an "
                  "empty list would refuse every client)",
                  cfg->client_count, SECURITY_CLIENTS_MAX);
        return -1;
    }
    for (int i = 0; i < cfg->client_count; i++)
        if (security_check_key (cfg->clients[i], why, sizeof why)) {
            snprintf (err, (size_t) errlen,
                      "curve.allowed_clients[%d]: the key %s", i, why);
            return -1;
        }
    return 0;
}

/*  ---- the config file ------------------------------------------------- */

/*  "file:line - reason" for setting `s`. */
static int
fail_setting (const config_setting_t *s, const char *path, char *err,
              int errlen, const char *reason)
{
    snprintf (err, (size_t) errlen, "%s:%d - %s", path,
              config_setting_source_line (s), reason);
    return -1;
}

/*  A relative `name` joined to `folder` into `buf`. */
static int
resolve_path (const char *folder, const char *name, char *buf, size_t buflen)
{
    int n = name[0] == '/' ? snprintf (buf, buflen, "%s", name)
                           : snprintf (buf, buflen, "%s/%s", folder, name);
    return n < 0 || (size_t) n >= buflen ? -1 : 0;
}

/*  A key given inline (`s` a string) or in a file (`from_file`). */
static int
read_key_setting (const config_setting_t *s, bool from_file, char *key,
                  const char *label, const char *path, const char *folder,
                  char *err, int errlen)
{
    char reason[512];
    const char *text = config_setting_get_string (s);
    if (config_setting_type (s) != CONFIG_TYPE_STRING || !text) {
        snprintf (reason, sizeof reason, "'%s' must be a string", label);
        return fail_setting (s, path, err, errlen, reason);
    }
    if (from_file) {
        char file[4096], why[512];
        if (resolve_path (folder, text, file, sizeof file)) {
            snprintf (reason, sizeof reason, "'%s': the path is too long",
                      label);
            return fail_setting (s, path, err, errlen, reason);
        }
        if (security_read_key_file (file, key, why, sizeof why) == 0)
            return 0;
        snprintf (reason, sizeof reason, "'%s': %s", label, why);
        return fail_setting (s, path, err, errlen, reason);
    }
    char why[128];
    if (security_check_key (text, why, sizeof why)) {
        snprintf (reason, sizeof reason, "'%s': the key %s", label, why);
        return fail_setting (s, path, err, errlen, reason);
    }
    memcpy (key, text, SECURITY_KEY_TEXT);
    return 0;
}

/*  Append the keys of list `s` (inline or files) to the allow-list. */
static int
read_client_list (security_config_t *cfg, const config_setting_t *s,
                  bool from_file, const char *path, const char *folder,
                  char *err, int errlen)
{
    const char *name = config_setting_name (s);
    char reason[256];
    if (!config_setting_is_array (s) && !config_setting_is_list (s)) {
        snprintf (reason, sizeof reason, "'%s' must be a list of strings: "
                  "[ \"...\", ... ]", name);
        return fail_setting (s, path, err, errlen, reason);
    }
    for (int i = 0; i < config_setting_length (s); i++) {
        const config_setting_t *item = config_setting_get_elem (s,
                                                                (unsigned) i);
        if (cfg->client_count >= SECURITY_CLIENTS_MAX) {
            snprintf (reason, sizeof reason, "more than %d allowed clients "
                      "(SECURITY_CLIENTS_MAX)", SECURITY_CLIENTS_MAX);
            return fail_setting (item, path, err, errlen, reason);
        }
        char label[96];
        snprintf (label, sizeof label, "curve.%s[%d]", name, i);
        if (read_key_setting (item, from_file,
                              cfg->clients[cfg->client_count], label, path,
                              folder, err, errlen))
            return -1;
        cfg->client_count++;
    }
    return 0;
}

int
security_config_read (security_config_t *cfg, const void *group,
                      const char *path, const char *folder, char *err,
                      int errlen)
{
    const config_setting_t *g = group;
    char reason[512];
    if (config_setting_type (g) != CONFIG_TYPE_GROUP)
        return fail_setting (g, path, err, errlen,
                             "'curve' must be a group: curve = { ... };");
    memset (cfg, 0, sizeof *cfg);
    const config_setting_t *secret = NULL;
    for (int i = 0; i < config_setting_length (g); i++) {
        const config_setting_t *s = config_setting_get_elem (g, (unsigned) i);
        const char *name = config_setting_name (s);
        int rc = 0;
        if (strcmp (name, "secret_key") == 0
        ||  strcmp (name, "secret_key_file") == 0) {
            if (secret)
                return fail_setting (s, path, err, errlen,
                                     "give one of curve.secret_key and "
                                     "curve.secret_key_file");
            secret = s;
            snprintf (reason, sizeof reason, "curve.%s", name);
            rc = read_key_setting (s, strcmp (name, "secret_key_file") == 0,
                                   cfg->secret_key, reason, path, folder,
                                   err, errlen);
        }
        else if (strcmp (name, "public_key") == 0)
            rc = read_key_setting (s, false, cfg->public_key,
                                   "curve.public_key", path, folder, err,
                                   errlen);
        else if (strcmp (name, "allowed_clients") == 0)
            rc = read_client_list (cfg, s, false, path, folder, err, errlen);
        else if (strcmp (name, "allowed_client_files") == 0)
            rc = read_client_list (cfg, s, true, path, folder, err, errlen);
        else {
            snprintf (reason, sizeof reason, "unknown key 'curve.%s' (known: "
                      "secret_key, secret_key_file, public_key, "
                      "allowed_clients, allowed_client_files)", name);
            return fail_setting (s, path, err, errlen, reason);
        }
        if (rc)
            return -1;
    }
    if (!secret)
        return fail_setting (g, path, err, errlen, "curve needs secret_key "
                             "or secret_key_file (make one with solod "
                             "--make-keys FILE)");
    if (cfg->client_count == 0)
        return fail_setting (g, path, err, errlen, "curve needs "
                             "allowed_clients or allowed_client_files: with "
                             "none, no client could connect");
    cfg->enabled = true;
    char why[512];
    if (security_config_check (cfg, why, sizeof why))
        return fail_setting (g, path, err, errlen, why);
    if (!cfg->public_key[0])
        security_public_key (cfg->secret_key, cfg->public_key);
    return 0;
}

/*  ---- the ZAP handler -------------------------------------------------- */

static void
close_frames (zmq_msg_t *frames, int count)
{
    for (int i = 0; i < count; i++)
        zmq_msg_close (&frames[i]);
}

/*  True when the frame holds exactly the text `text`. */
static bool
frame_is (zmq_msg_t *frame, const char *text)
{
    size_t len = strlen (text);
    return zmq_msg_size (frame) == len
        && memcmp (zmq_msg_data (frame), text, len) == 0;
}

/*  True when the 32 bytes of `key` are on the allow-list. */
static bool
key_allowed (const security_t *self, const uint8_t *key)
{
    for (int i = 0; i < self->client_count; i++)
        if (memcmp (self->clients[i], key, SECURITY_KEY_BYTES) == 0)
            return true;
    return false;
}

/*  Answer one ZAP request (RFC 27): 200 for a CURVE client of our domain
 *  whose key is allowed, 400 for anyone else. */
static void
answer_zap (security_t *self, zmq_msg_t *frames, int total)
{
    const char *status = "400", *text = "not allowed";
    char who[64] = "?", key_text[SECURITY_KEY_TEXT] = "";
    if (total >= 4 && zmq_msg_size (&frames[3]) < sizeof who) {
        memcpy (who, zmq_msg_data (&frames[3]), zmq_msg_size (&frames[3]));
        who[zmq_msg_size (&frames[3])] = '\0';
    }
    if (total != 7 || !frame_is (&frames[0], "1.0"))
        text = "malformed ZAP request";
    else if (!frame_is (&frames[2], SECURITY_ZAP_DOMAIN))
        text = "unknown domain";
    else if (!frame_is (&frames[5], "CURVE")
         ||  zmq_msg_size (&frames[6]) != SECURITY_KEY_BYTES)
        text = "CURVE only";
    else {
        const uint8_t *key = zmq_msg_data (&frames[6]);
        zmq_z85_encode (key_text, key, SECURITY_KEY_BYTES);
        if (key_allowed (self, key)) {
            status = "200";
            text = "OK";
        }
        else
            text = "client key not on the allow-list";
    }
    bool ok = status[0] == '2';
    if (ok) {
        atomic_fetch_add (&self->accepted, 1);
        log_debug ("client %s admitted, key %s", who, key_text);
    }
    else {
        atomic_fetch_add (&self->refused, 1);
        log_warn ("client %s refused: %s%s%s", who, text,
                  key_text[0] ? ", key " : "", key_text);
    }
    /*  version, request id, status code, status text, user id, metadata */
    zmq_send (self->socket, "1.0", 3, ZMQ_SNDMORE);
    if (total >= 2)
        zmq_msg_send (&frames[1], self->socket, ZMQ_SNDMORE);
    else
        zmq_send (self->socket, "", 0, ZMQ_SNDMORE);
    zmq_send (self->socket, status, 3, ZMQ_SNDMORE);
    zmq_send (self->socket, text, strlen (text), ZMQ_SNDMORE);
    zmq_send (self->socket, ok ? key_text : "", ok ? strlen (key_text) : 0,
              ZMQ_SNDMORE);
    zmq_send (self->socket, "", 0, 0);
}

/*  The handler thread: answers ZAP requests until its pipe or the
 *  context's shutdown says stop. */
static void *
zap_main (void *arg)
{
    security_t *self = arg;
    sigset_t all;
    sigfillset (&all);
    pthread_sigmask (SIG_BLOCK, &all, NULL);
    while (true) {
        zmq_pollitem_t items[2] = {
            { self->socket, 0, ZMQ_POLLIN, 0 },
            { NULL, self->stop_pipe[0], ZMQ_POLLIN, 0 }
        };
        if (zmq_poll (items, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;                          /* ETERM */
        }
        if (items[1].revents & ZMQ_POLLIN)
            break;
        if (!(items[0].revents & ZMQ_POLLIN))
            continue;
        zmq_msg_t frames[ZAP_FRAMES_MAX];
        int kept = 0, total = 0, more = 1;
        bool failed = false;
        while (more) {
            zmq_msg_t part;
            zmq_msg_init (&part);
            if (zmq_msg_recv (&part, self->socket, 0) < 0) {
                zmq_msg_close (&part);
                failed = true;
                break;
            }
            more = zmq_msg_more (&part);
            if (kept < ZAP_FRAMES_MAX) {
                zmq_msg_init (&frames[kept]);
                zmq_msg_move (&frames[kept++], &part);
            }
            zmq_msg_close (&part);
            total++;
        }
        if (failed) {
            close_frames (frames, kept);
            if (errno == ETERM)
                break;
            continue;
        }
        answer_zap (self, frames, total);
        close_frames (frames, kept);
    }
    zmq_close (self->socket);
    self->socket = NULL;
    return NULL;
}

security_t *
security_new (void *zmq_context, const security_config_t *cfg, char *err,
              int errlen)
{
    if (!security_curve_available ()) {
        snprintf (err, (size_t) errlen,
                  "curve: this libzmq has no CURVE (built without "
                  "libsodium)");
        return NULL;
    }
    security_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, (size_t) errlen, "out of memory");
        return NULL;
    }
    self->stop_pipe[0] = self->stop_pipe[1] = -1;
    atomic_init (&self->accepted, 0);
    atomic_init (&self->refused, 0);
    self->client_count = cfg->client_count;
    for (int i = 0; i < cfg->client_count; i++)
        if (!zmq_z85_decode (self->clients[i], cfg->clients[i])) {
            snprintf (err, (size_t) errlen,
                      "curve.allowed_clients[%d]: not a Z85 key", i);
            security_destroy (&self);
            return NULL;
        }
    if (pipe (self->stop_pipe)) {
        snprintf (err, (size_t) errlen, "cannot make a pipe: %s",
                  strerror (errno));
        security_destroy (&self);
        return NULL;
    }
    for (int i = 0; i < 2; i++)
        fcntl (self->stop_pipe[i], F_SETFD, FD_CLOEXEC);
    self->socket = zmq_socket (zmq_context, ZMQ_REP);
    int linger = 0;
    if (!self->socket
    ||  zmq_setsockopt (self->socket, ZMQ_LINGER, &linger, sizeof linger)
    ||  zmq_bind (self->socket, SECURITY_ZAP_ENDPOINT)) {
        snprintf (err, (size_t) errlen, "cannot start the ZAP handler on "
                  "%s: %s", SECURITY_ZAP_ENDPOINT, zmq_strerror (errno));
        security_destroy (&self);
        return NULL;
    }
    if (pthread_create (&self->thread, NULL, zap_main, self)) {
        snprintf (err, (size_t) errlen, "cannot start the ZAP handler's "
                  "thread");
        security_destroy (&self);
        return NULL;
    }
    self->thread_started = true;
    return self;
}

void
security_destroy (security_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    security_t *self = *self_p;
    if (self->thread_started) {
        char byte = 1;
        ssize_t put = write (self->stop_pipe[1], &byte, 1);
        (void) put;
        pthread_join (self->thread, NULL);
    }
    if (self->socket)
        zmq_close (self->socket);
    for (int i = 0; i < 2; i++)
        if (self->stop_pipe[i] >= 0)
            close (self->stop_pipe[i]);
    free (self);
    *self_p = NULL;
}

int
security_apply_server (void *socket, const security_config_t *cfg,
                       char *err, int errlen)
{
    int one = 1;
    const char *option = NULL;
    if (zmq_setsockopt (socket, ZMQ_CURVE_SERVER, &one, sizeof one))
        option = "ZMQ_CURVE_SERVER";
    else if (zmq_setsockopt (socket, ZMQ_CURVE_SECRETKEY, cfg->secret_key,
                             SECURITY_KEY_CHARS))
        option = "ZMQ_CURVE_SECRETKEY";
    else if (zmq_setsockopt (socket, ZMQ_ZAP_DOMAIN, SECURITY_ZAP_DOMAIN,
                             strlen (SECURITY_ZAP_DOMAIN)))
        option = "ZMQ_ZAP_DOMAIN";
    else if (zmq_setsockopt (socket, ZMQ_ZAP_ENFORCE_DOMAIN, &one,
                             sizeof one))
        option = "ZMQ_ZAP_ENFORCE_DOMAIN";
    if (option) {
        snprintf (err, (size_t) errlen, "curve: this libzmq refuses %s (%s); "
                  "not serving without it", option, zmq_strerror (errno));
        return -1;
    }
    return 0;
}

uint64_t
security_accepted (const security_t *self)
{
    return atomic_load (&((security_t *) self)->accepted);
}

uint64_t
security_refused (const security_t *self)
{
    return atomic_load (&((security_t *) self)->refused);
}
