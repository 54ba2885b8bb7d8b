/*  config_text.c - libconfig text read without libconfig 1.5's leak of
 *  the string at a syntax error.  The scanner states below mirror
 *  libconfig 1.5's scanner.l: strings, comments and the rest.  */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"

static const char unclosed_string[] = "string is not closed";
static const char no_memory[] = "out of memory";
static const char too_deep[] = "groups and lists nested more than 64 "
                               "deep";   /* CONFIG_TEXT_MAX_DEPTH */

/*  The text of an error that names a number (libconfig keeps a pointer
 *  to its error text, never a copy). */
static _Thread_local char number_error[96];

/*  Skip a comment at text[*i] ('#' or '//' to the end of the line, or a
 *  block comment), copying its newlines to out[*o] (a block comment also
 *  leaves a space, so the names either side stay two).  Returns 1 when there
 *  was one.  As in libconfig, a line comment needs its newline: '#' on
 *  the last line without one is a stray character (a syntax error). */
static int
skip_comment (const char *text, size_t *i, const char *last_newline,
              char *out, size_t *o)
{
    if (text[*i] == '#' || (text[*i] == '/' && text[*i + 1] == '/')) {
        if (!last_newline || text + *i > last_newline)
            return 0;
        while (text[*i] != '\n')
            (*i)++;
        return 1;                    /* the newline is copied as text */
    }
    if (text[*i] == '/' && text[*i + 1] == '*') {
        out[(*o)++] = ' ';           /* it parts the tokens either side */
        *i += 2;
        while (text[*i] && !(text[*i] == '*' && text[*i + 1] == '/')) {
            if (text[*i] == '\n')
                out[(*o)++] = '\n';
            (*i)++;
        }
        if (text[*i])
            *i += 2;
        return 1;
    }
    return 0;
}

char *
config_text_blank_strings (const char *text, int *unclosed_line)
{
    if (!text)
        text = "";
    *unclosed_line = 0;
    size_t len = strlen (text);
    /*  each string becomes " 0 " (3 bytes) from at least 2, and each
     *  block comment " " from at least 4: at most 1.5x */
    char *out = malloc (len * 2 + 4);
    if (!out)
        return NULL;
    size_t i = 0, o = 0;
    const char *last_newline = strrchr (text, '\n');
    while (text[i]) {
        if (skip_comment (text, &i, last_newline, out, &o))
            continue;
        if (text[i] != '"') {
            out[o++] = text[i++];
            continue;
        }
        /*  A run of strings, adjacent but for spaces and comments, is
         *  one value: one 0, spaced so that it joins no other token. */
        out[o++] = ' ';
        out[o++] = '0';
        out[o++] = ' ';
        while (text[i] == '"') {
            size_t opened = o;               /* the lines so far are out's */
            i++;
            while (text[i] && text[i] != '"') {
                if (text[i] == '\\' && text[i + 1])
                    i++;            /* \" \\ \n \x41 ...: the next is text */
                if (text[i] == '\n')
                    out[o++] = '\n';
                i++;
            }
            if (!text[i]) {
                *unclosed_line = 1;
                for (size_t k = 0; k < opened; k++)
                    *unclosed_line += out[k] == '\n';
                break;
            }
            i++;                                  /* the closing quote */
            /*  what lies between this string and a next one */
            size_t j = i;
            while (text[j]) {
                if (text[j] == ' ' || text[j] == '\t' || text[j] == '\r'
                ||  text[j] == '\n' || text[j] == '\f')
                    j++;
                else {
                    size_t before = o;
                    int skipped = skip_comment (text, &j, last_newline, out,
                                                &o);
                    o = before;                   /* newlines counted below */
                    if (!skipped)
                        break;
                }
            }
            if (text[j] != '"')
                break;                            /* the run ends here */
            for (; i < j; i++)
                if (text[i] == '\n')
                    out[o++] = '\n';
        }
    }
    out[o] = '\0';
    return out;
}

/*  The first fault libconfig 1.5 would not report as it is, in the
 *  blanked copy (no strings, no comments): a whole number past 32 bits
 *  without the L that makes it 64 (libconfig 1.5 keeps its low 32 bits:
 *  99999999999 read as 1215752191), or nesting deeper than
 *  CONFIG_TEXT_MAX_DEPTH (libconfig's parser runs out of stack and says
 *  "memory exhausted").  Its text (static) and line, or NULL. */
static const char *
scan_faults (const char *blank, int *line)
{
    int depth = 0;
    *line = 1;
    for (size_t i = 0; blank[i]; i++) {
        char c = blank[i];
        if (c == '\n')
            (*line)++;
        else if (c == '{' || c == '(' || c == '[') {
            if (++depth > CONFIG_TEXT_MAX_DEPTH)
                return too_deep;
        }
        else if (c == '}' || c == ')' || c == ']')
            depth--;
        else if (isdigit ((unsigned char) c)
                 && (i == 0 || !(isalnum ((unsigned char) blank[i - 1])
                                 || blank[i - 1] == '_'
                                 || blank[i - 1] == '.'
                                 || blank[i - 1] == '*'))) {
            /* a number's token: [-+]?digits, 0x..., floats, an L suffix */
            size_t end = i;
            bool hex = c == '0' && (blank[i + 1] == 'x' || blank[i + 1] == 'X');
            if (hex)
                end += 2;
            while (hex ? isxdigit ((unsigned char) blank[end])
                       : isdigit ((unsigned char) blank[end]))
                end++;
            char next = blank[end];
            bool is_float = !hex && (next == '.' || next == 'e'
                                     || next == 'E');
            if (!is_float && next != 'L') {
                errno = 0;
                unsigned long long v = strtoull (blank + i, NULL, hex ? 16
                                                                   : 10);
                bool negative = i > 0 && blank[i - 1] == '-';
                unsigned long long most = hex ? UINT32_MAX
                                        : negative ? (unsigned long long)
                                                     INT32_MAX + 1
                                        : INT32_MAX;
                if (errno == ERANGE || v > most) {
                    snprintf (number_error, sizeof number_error,
                              "whole number %s%.*s is too large (%s %s%llu)",
                              negative ? "-" : "", (int) (end - i < 40
                                                         ? end - i : 40),
                              blank + i, negative ? "at least" : "at most",
                              negative ? "-" : "", most);
                    return number_error;
                }
            }
            while (isalnum ((unsigned char) blank[end]) || blank[end] == '.'
                   || ((blank[end] == '-' || blank[end] == '+')
                       && (blank[end - 1] == 'e' || blank[end - 1] == 'E')))
                end++;
            i = end - 1;
        }
    }
    return NULL;
}

int
config_text_read (config_t *cfg, const char *text)
{
    int unclosed_line = 0;
    /*  a UTF-8 byte-order mark, as some editors write, is no token */
    if (text && strncmp (text, "\xEF\xBB\xBF", 3) == 0)
        text += 3;
    char *blank = config_text_blank_strings (text, &unclosed_line);
    if (!blank || unclosed_line) {
        free (blank);
        cfg->error_text = blank ? unclosed_string : no_memory;
        cfg->error_file = NULL;
        cfg->error_line = unclosed_line;
        cfg->error_type = CONFIG_ERR_PARSE;
        return CONFIG_FALSE;
    }
    int fault_line;
    const char *fault = scan_faults (blank, &fault_line);
    if (fault) {
        free (blank);
        cfg->error_text = fault;
        cfg->error_file = NULL;
        cfg->error_line = fault_line;
        cfg->error_type = CONFIG_ERR_PARSE;
        return CONFIG_FALSE;
    }
    config_t check;
    config_init (&check);
    int ok = config_read_string (&check, blank);
    free (blank);
    if (ok != CONFIG_TRUE) {
        cfg->error_text = check.error_text;      /* libconfig's constants */
        cfg->error_file = NULL;
        cfg->error_line = check.error_line;
        cfg->error_type = check.error_type;
        config_destroy (&check);
        return CONFIG_FALSE;
    }
    config_destroy (&check);
    return config_read_string (cfg, text ? text : "");
}
