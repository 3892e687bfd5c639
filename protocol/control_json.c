#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include "protocol/control.h"

/*
 * json-c 0.18 (Debian 13) rejects every byte above 0x7f in a string when
 * JSON_TOKENER_STRICT is set (json-c#875, json-c#892), and its UTF-8 check
 * then fails valid text too. Both sides of the control socket want strict
 * JSON and non-ASCII text (window titles, gridctl type), so the text is
 * checked for UTF-8 here and every non-ASCII character is handed to json-c
 * as the \uXXXX escape it decodes into the same string. Outside a string a
 * non-ASCII character is an error either way.
 */

/* The code point of the UTF-8 sequence at s (at most len bytes) and its
 * length; 0 when it is not a well-formed, shortest, non-surrogate one. */
static size_t utf8_decode(const unsigned char *s, size_t len, uint32_t *cp) {
	size_t n;
	uint32_t min;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2, min = 0x80, *cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3, min = 0x800, *cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4, min = 0x10000, *cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len < n) {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = (*cp << 6) | (s[i] & 0x3f);
	}
	if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff)) {
		return 0;
	}
	return n;
}

static char *put_escape(char *out, uint32_t unit) {
	static const char hex[] = "0123456789abcdef";
	*out++ = '\\';
	*out++ = 'u';
	for (int shift = 12; shift >= 0; shift -= 4) {
		*out++ = hex[(unit >> shift) & 0xf];
	}
	return out;
}

/* text with non-ASCII characters escaped, NUL-terminated, its length in
 * *out_len; NULL and *invalid when text is not UTF-8, or out of memory. */
static char *escape_non_ascii(const char *text, size_t len, size_t *out_len,
		bool *invalid) {
	// A character of n bytes becomes at most 6 (BMP) or 12 (a surrogate
	// pair for 4 bytes): never more than 3 bytes a byte.
	char *escaped = malloc(len * 3 + 1);
	if (escaped == NULL) {
		return NULL;
	}
	const unsigned char *s = (const unsigned char *)text;
	char *out = escaped;
	for (size_t i = 0; i < len;) {
		if (s[i] < 0x80) {
			*out++ = (char)s[i++];
			continue;
		}
		uint32_t cp;
		size_t n = utf8_decode(s + i, len - i, &cp);
		if (n == 0) {
			free(escaped);
			*invalid = true;
			return NULL;
		}
		if (cp >= 0x10000) {
			cp -= 0x10000;
			out = put_escape(out, 0xd800 | (cp >> 10));
			out = put_escape(out, 0xdc00 | (cp & 0x3ff));
		} else {
			out = put_escape(out, cp);
		}
		i += n;
	}
	*out = '\0';
	*out_len = (size_t)(out - escaped);
	return escaped;
}

static bool is_json_space(char c) {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

struct json_object *gridwl_control_parse_json(const char *text, size_t len,
		enum json_tokener_error *error, bool *trailing) {
	*trailing = false;
	bool invalid = false;
	size_t escaped_len;
	char *escaped = escape_non_ascii(text, len, &escaped_len, &invalid);
	if (escaped == NULL) {
		*error = invalid ? json_tokener_error_parse_utf8_string :
						   json_tokener_error_memory;
		return NULL;
	}
	struct json_tokener *tok = json_tokener_new();
	if (tok == NULL) {
		free(escaped);
		*error = json_tokener_error_memory;
		return NULL;
	}
	// STRICT rejects json-c's extensions (comments, single quotes, trailing
	// commas); trailing data is checked below.
	json_tokener_set_flags(tok,
			JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
	struct json_object *obj =
			json_tokener_parse_ex(tok, escaped, (int)escaped_len);
	*error = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	if (obj == NULL && *error == json_tokener_continue) {
		// A top-level scalar such as 12 or null is only complete once
		// the tokener sees the end of input, which NUL signals.
		end = escaped_len;
		obj = json_tokener_parse_ex(tok, "", 1);
		*error = json_tokener_get_error(tok);
	}
	json_tokener_free(tok);
	if (*error == json_tokener_success) {
		for (size_t i = end; i < escaped_len; i++) {
			if (!is_json_space(escaped[i])) {
				*trailing = true;
				break;
			}
		}
	}
	free(escaped);
	if (*error != json_tokener_success) {
		json_object_put(obj);
		return NULL;
	}
	return obj;
}
