/*
 * toolbridge._speedups: the OpenAI writers of toolbridge.formats, in C.
 *
 * Pure functions over frozen input (FrozenDict / FrozenList), each computing exactly
 * what its Python original computes, and nothing else (no report, no restore plan:
 * `convert` gets those from the Python walk):
 *
 *   strict(schema)    -> the strict schema of toolbridge.schema._strict.to_strict
 *                        (refs to "#/$defs/X" inlined, oneOf as anyOf), False when
 *                        the schema cannot be strict, or None when it holds
 *                        something only the Python walk handles (recursive or other
 *                        refs, rules beside a ref, allOf, draft-04 bounds, malformed
 *                        keywords): the caller then runs the Python walk.
 *   complete(schema)  -> the schema of formats._lowering.complete_for_openai (the
 *                        same object when nothing is missing).
 *   quick_openai_chat(tool, strict, on_unsupported), quick_openai_responses(...)
 *                     -> the whole wire object of formats._openai's writers, or
 *                        None where they must write it (see quick_openai).
 *
 * The results are built as frozen containers directly (`configure` names the
 * types), and parts that need no change are the source's own objects, as in Python.
 * tests/test_speedups.py checks every function against the Python code on the
 * whole MCP corpus and on generated schemas.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define MAX_DEPTH 256

/* -- configuration --------------------------------------------------------------- */

static PyTypeObject *frozen_dict_type = NULL;
static PyTypeObject *frozen_list_type = NULL;
static Py_ssize_t frozen_dict_hash_offset = -1;
static Py_ssize_t frozen_list_hash_offset = -1;
static PyObject *show_value = NULL; /* json.dumps(value, ensure_ascii=False) */
static PyObject *empty_tuple = NULL;

enum {
    K_OTHER = 0,
    K_KEPT,        /* copied as it is */
    K_FORMAT,
    K_TYPE,
    K_PROPERTIES,
    K_REQUIRED,
    K_ADDITIONAL,
    K_PATTERN_PROPERTIES,
    K_REF,
    K_ITEMS,
    K_ANY_OF,
    K_ONE_OF,
    K_ALL_OF,
    K_REFERENCE,   /* $dynamicRef, $recursiveRef, $defs, definitions */
    K_DEFAULT,
    K_EXAMPLES,
    K_MIN_LENGTH,
    K_MAX_LENGTH,
    K_UNIQUE_ITEMS,
    K_MIN_PROPERTIES,
    K_MAX_PROPERTIES,
    K_DEPRECATED,
    K_ENUM_OR_CONST, /* kept, and a reason a value is not "of any type" */
};

/* Interned strings, made once. */
static PyObject *s_type, *s_description, *s_enum;
static PyObject *s_properties, *s_required, *s_additional;
static PyObject *s_items, *s_any_of, *s_ref;
static PyObject *s_exclusive_maximum, *s_exclusive_minimum;
static PyObject *s_object, *s_array, *s_null, *s_string, *s_number, *s_integer, *s_boolean;
static PyObject *s_empty, *s_rstrip, *annotations;
static PyObject *s_defs, *s_definitions, *s_function, *s_name, *s_parameters, *s_strict;
static PyObject *s_meta, *s_openai, *s_input_schema, *s_ellipsis;


/* -- frozen containers --------------------------------------------------------- */

static PyObject *
new_frozen_dict(void)
{
    PyObject *made = PyDict_Type.tp_new(frozen_dict_type, empty_tuple, NULL);
    if (made != NULL && frozen_dict_hash_offset >= 0) {
        PyObject **slot = (PyObject **)((char *)made + frozen_dict_hash_offset);
        Py_XSETREF(*slot, Py_NewRef(Py_None));
    }
    return made;
}

static PyObject *
new_frozen_list(void)
{
    PyObject *made = PyList_Type.tp_new(frozen_list_type, empty_tuple, NULL);
    if (made != NULL && frozen_list_hash_offset >= 0) {
        PyObject **slot = (PyObject **)((char *)made + frozen_list_hash_offset);
        Py_XSETREF(*slot, Py_NewRef(Py_None));
    }
    return made;
}

/* A frozen dict with the items of `source` (borrowed), in order. */
static PyObject *
frozen_copy(PyObject *source)
{
    PyObject *made = new_frozen_dict();
    if (made != NULL && PyDict_Update(made, source) < 0) {
        Py_CLEAR(made);
    }
    return made;
}

/* Frozen values every output may share (immutable, so sharing is safe): made by
 * configure(). {"type": "null"}, and [t, "null"] for the four scalar types. */
static int spelled(PyObject *text, const char *literal, Py_ssize_t length);
static PyObject *shared_null_schema = NULL;
static PyObject *shared_null_pairs[4] = {NULL, NULL, NULL, NULL};

/* {"type": "null"} (new reference). */
static PyObject *
null_schema(void)
{
    return Py_NewRef(shared_null_schema);
}

/* [type, "null"] for "string", "number", "integer" or "boolean" (new reference). */
static PyObject *
null_pair(PyObject *type)
{
    static const char *const names[4] = {"string", "number", "integer", "boolean"};
    for (int i = 0; i < 4; i++) {
        if (spelled(type, names[i], (Py_ssize_t)strlen(names[i]))) {
            return Py_NewRef(shared_null_pairs[i]);
        }
    }
    PyErr_SetString(PyExc_SystemError, "null_pair() of a non-scalar type");
    return NULL;
}

/* -- helpers ------------------------------------------------------------------------ */

/* The keyword's code: a switch on the length, then a byte compare (faster than a
 * dict lookup, since the schema's keys are not the interned strings). */
static int
keyword_code(PyObject *key)
{
    if (!PyUnicode_Check(key) || !PyUnicode_IS_COMPACT_ASCII(key)) {
        return K_OTHER;
    }
    const char *text = (const char *)PyUnicode_DATA(key);
    switch (PyUnicode_GET_LENGTH(key)) {
    case 4:
        if (memcmp(text, "type", 4) == 0) {
            return K_TYPE;
        }
        if (memcmp(text, "enum", 4) == 0) {
            return K_ENUM_OR_CONST;
        }
        if (memcmp(text, "$ref", 4) == 0) {
            return K_REF;
        }
        return K_OTHER;
    case 5:
        if (memcmp(text, "title", 5) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "const", 5) == 0) {
            return K_ENUM_OR_CONST;
        }
        if (memcmp(text, "$defs", 5) == 0) {
            return K_REFERENCE;
        }
        if (memcmp(text, "items", 5) == 0) {
            return K_ITEMS;
        }
        if (memcmp(text, "anyOf", 5) == 0) {
            return K_ANY_OF;
        }
        if (memcmp(text, "oneOf", 5) == 0) {
            return K_ONE_OF;
        }
        if (memcmp(text, "allOf", 5) == 0) {
            return K_ALL_OF;
        }
        return K_OTHER;
    case 6:
        if (memcmp(text, "format", 6) == 0) {
            return K_FORMAT;
        }
        return K_OTHER;
    case 7:
        if (memcmp(text, "pattern", 7) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "maximum", 7) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "minimum", 7) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "default", 7) == 0) {
            return K_DEFAULT;
        }
        return K_OTHER;
    case 8:
        if (memcmp(text, "minItems", 8) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "maxItems", 8) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "required", 8) == 0) {
            return K_REQUIRED;
        }
        if (memcmp(text, "examples", 8) == 0) {
            return K_EXAMPLES;
        }
        return K_OTHER;
    case 9:
        if (memcmp(text, "minLength", 9) == 0) {
            return K_MIN_LENGTH;
        }
        if (memcmp(text, "maxLength", 9) == 0) {
            return K_MAX_LENGTH;
        }
        return K_OTHER;
    case 10:
        if (memcmp(text, "multipleOf", 10) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "properties", 10) == 0) {
            return K_PROPERTIES;
        }
        if (memcmp(text, "deprecated", 10) == 0) {
            return K_DEPRECATED;
        }
        return K_OTHER;
    case 11:
        if (memcmp(text, "description", 11) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "$dynamicRef", 11) == 0) {
            return K_REFERENCE;
        }
        if (memcmp(text, "definitions", 11) == 0) {
            return K_REFERENCE;
        }
        if (memcmp(text, "uniqueItems", 11) == 0) {
            return K_UNIQUE_ITEMS;
        }
        return K_OTHER;
    case 13:
        if (memcmp(text, "$recursiveRef", 13) == 0) {
            return K_REFERENCE;
        }
        if (memcmp(text, "minProperties", 13) == 0) {
            return K_MIN_PROPERTIES;
        }
        if (memcmp(text, "maxProperties", 13) == 0) {
            return K_MAX_PROPERTIES;
        }
        return K_OTHER;
    case 16:
        if (memcmp(text, "exclusiveMaximum", 16) == 0) {
            return K_KEPT;
        }
        if (memcmp(text, "exclusiveMinimum", 16) == 0) {
            return K_KEPT;
        }
        return K_OTHER;
    case 17:
        if (memcmp(text, "patternProperties", 17) == 0) {
            return K_PATTERN_PROPERTIES;
        }
        return K_OTHER;
    case 20:
        if (memcmp(text, "additionalProperties", 20) == 0) {
            return K_ADDITIONAL;
        }
        return K_OTHER;
    default:
        return K_OTHER;
    }
}

/* Whether `text` is exactly the ASCII `literal` (a byte compare, no hashing). */
static int
spelled(PyObject *text, const char *literal, Py_ssize_t length)
{
    return PyUnicode_Check(text) && PyUnicode_IS_COMPACT_ASCII(text) &&
           PyUnicode_GET_LENGTH(text) == length && memcmp(PyUnicode_DATA(text), literal, length) == 0;
}

#define SPELLED(text, literal) spelled((text), (literal), (Py_ssize_t)sizeof(literal) - 1)

/* Whether the list holds a str equal to `name` (a str): `name in required`, with the
 * compare done here (the names are different objects, so identity never decides). */
static int
contains_name(PyObject *names, PyObject *name)
{
    Py_ssize_t length = PyUnicode_GET_LENGTH(name);
    int kind = PyUnicode_KIND(name);
    const void *data = PyUnicode_DATA(name);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(names); i++) {
        PyObject *item = PyList_GET_ITEM(names, i);
        if (item == name) {
            return 1;
        }
        if (PyUnicode_Check(item)) {
            if (PyUnicode_GET_LENGTH(item) == length && PyUnicode_KIND(item) == kind &&
                memcmp(PyUnicode_DATA(item), data, (size_t)(length * kind)) == 0) {
                return 1;
            }
        }
        else {
            int equal = PyObject_RichCompareBool(item, name, Py_EQ);
            if (equal != 0) {
                return equal;
            }
        }
    }
    return 0;
}

/* 1 for "string", "number", "integer", "boolean"; 2 for "null"; 0 otherwise. */
static int
scalar_type(PyObject *type)
{
    if (SPELLED(type, "null")) {
        return 2;
    }
    return SPELLED(type, "string") || SPELLED(type, "number") || SPELLED(type, "integer") ||
           SPELLED(type, "boolean");
}

/* The string formats OpenAI's strict mode supports (schema._strict._FORMATS). */
static int
known_format(PyObject *format)
{
    return SPELLED(format, "date-time") || SPELLED(format, "time") || SPELLED(format, "date") ||
           SPELLED(format, "duration") || SPELLED(format, "email") || SPELLED(format, "hostname") ||
           SPELLED(format, "ipv4") || SPELLED(format, "ipv6") || SPELLED(format, "uuid");
}

/* A hashable value: what `value in frozenset` accepts without TypeError. */
static int
hashable_scalar(PyObject *value)
{
    return value == Py_None || PyBool_Check(value) || PyLong_Check(value) ||
           PyFloat_Check(value) || PyUnicode_Check(value);
}

/* -- strict ------------------------------------------------------------------------- */

/* The structural keywords of one node, found in one pass over it (borrowed). */
typedef struct {
    PyObject *type, *properties, *required, *additional, *pattern, *reference, *values;
    int leaf;      /* made of kept keywords only (a plain leaf if its type is a scalar) */
    int has_const; /* and whether the const is null */
    int const_is_null;
} Seen;

typedef struct {
    int cannot;       /* a reason strict mode is off was met (the walk goes on, as in Python) */
    int bail;         /* something only the Python walk handles: the result is None */
    PyObject *root;   /* the whole schema (borrowed): where "#/$defs/X" refs point */
    Py_ssize_t nodes; /* subschemas walked, refs expanded: bounded like inline_refs' output */
    PyObject *active[64]; /* definitions being expanded: one met again is recursive */
    int expanding;
    PyObject *leaf;   /* the last plain leaf strict_node returned as it is, and what it */
    Seen leaf_seen;   /* saw there: the object step makes it nullable without a re-read */
} Walk;

static int refers(PyObject *value, int depth);

#define MAX_NODES 5000 /* well under inline_refs' 10,000: past it, the Python walk decides */

static PyObject *strict_node(Walk *walk, PyObject *node, int depth, int root);
static PyObject *strict_definition(Walk *walk, PyObject *node, PyObject *target, int depth);
static PyObject *s_defs_prefix, *s_definitions_prefix, *s_id;

/* _show: a value in the words of a description. New reference. */
static PyObject *
show(PyObject *value)
{
    if (PyUnicode_Check(value)) {
        return PyUnicode_FromFormat("'%U'", value);
    }
    if (value == Py_None) {
        return PyUnicode_FromString("null");
    }
    if (value == Py_True) {
        return PyUnicode_FromString("true");
    }
    if (value == Py_False) {
        return PyUnicode_FromString("false");
    }
    if (PyLong_CheckExact(value) || PyFloat_CheckExact(value)) {
        return PyObject_Repr(value);
    }
    return PyObject_CallOneArg(show_value, value);
}

/* A formatted value, as f"{value}" makes it. New reference. */
static PyObject *
formatted(const char *before, PyObject *value, const char *after)
{
    PyObject *text = PyObject_Format(value, s_empty);
    if (text == NULL) {
        return NULL;
    }
    PyObject *said = PyUnicode_FromFormat("%s%U%s", before, text, after);
    Py_DECREF(text);
    return said;
}

/* _in_words: the constraint in words (new reference), or Py_None (new reference). */
static PyObject *
in_words(int code, PyObject *key, PyObject *value)
{
    switch (code) {
    case K_DEFAULT: {
        PyObject *shown = show(value);
        if (shown == NULL) {
            return NULL;
        }
        PyObject *said = PyUnicode_FromFormat("default: %U", shown);
        Py_DECREF(shown);
        return said;
    }
    case K_EXAMPLES: {
        if (!PyList_Check(value)) {
            Py_RETURN_NONE;
        }
        Py_ssize_t count = PyList_GET_SIZE(value) < 3 ? PyList_GET_SIZE(value) : 3;
        PyObject *parts = PyList_New(count);
        if (parts == NULL) {
            return NULL;
        }
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *shown = show(PyList_GET_ITEM(value, i));
            if (shown == NULL) {
                Py_DECREF(parts);
                return NULL;
            }
            PyList_SET_ITEM(parts, i, shown);
        }
        PyObject *separator = PyUnicode_FromString(", ");
        PyObject *joined = separator ? PyUnicode_Join(separator, parts) : NULL;
        Py_XDECREF(separator);
        Py_DECREF(parts);
        if (joined == NULL) {
            return NULL;
        }
        PyObject *said = PyUnicode_FromFormat("examples: %U", joined);
        Py_DECREF(joined);
        return said;
    }
    case K_MIN_LENGTH:
        return formatted("at least ", value, " characters");
    case K_MAX_LENGTH:
        return formatted("at most ", value, " characters");
    case K_FORMAT:
        return formatted("format: ", value, "");
    case K_UNIQUE_ITEMS:
        if (value == Py_True) {
            return PyUnicode_FromString("items must be unique");
        }
        Py_RETURN_NONE;
    case K_MIN_PROPERTIES:
        return formatted("at least ", value, " properties");
    case K_MAX_PROPERTIES:
        return formatted("at most ", value, " properties");
    case K_DEPRECATED:
        if (value == Py_True) {
            return PyUnicode_FromString("deprecated");
        }
        Py_RETURN_NONE;
    default:
        (void)key;
        Py_RETURN_NONE;
    }
}

/* What _accepts_null and _nullable read of a schema, found in one pass (borrowed). */
typedef struct {
    PyObject *type, *constant, *values, *branches;
    int has_ref, has_const, has_any_of, only_branches; /* only anyOf, description, title */
} Nullability;

static void
read_nullability(PyObject *schema, Nullability *read)
{
    PyObject *key, *value;
    Py_ssize_t position = 0;
    memset(read, 0, sizeof(*read));
    read->only_branches = 1;
    while (PyDict_Next(schema, &position, &key, &value)) {
        int code = keyword_code(key);
        if (code == K_TYPE) {
            read->type = value;
        }
        else if (code == K_ENUM_OR_CONST && SPELLED(key, "const")) {
            read->constant = value;
            read->has_const = 1;
        }
        else if (code == K_ENUM_OR_CONST) {
            read->values = value;
        }
        else if (code == K_ANY_OF) {
            read->branches = value;
            read->has_any_of = 1;
            continue;
        }
        else if (code == K_REF) {
            read->has_ref = 1;
        }
        if (!(code == K_KEPT && (SPELLED(key, "description") || SPELLED(key, "title")))) {
            read->only_branches = 0;
        }
    }
}

/* _accepts_null. */
static int
accepts_null(PyObject *schema)
{
    Nullability read;
    read_nullability(schema, &read);
    if (read.type != NULL) {
        if (PyUnicode_Check(read.type)) {
            if (SPELLED(read.type, "null")) {
                return 1;
            }
        }
        else if (PyList_Check(read.type)) {
            int found = PySequence_Contains(read.type, s_null);
            if (found != 0) {
                return found;
            }
        }
    }
    if (read.has_const) {
        return read.constant == Py_None;
    }
    if (read.values != NULL && PyList_Check(read.values)) {
        int found = PySequence_Contains(read.values, Py_None);
        if (found != 0) {
            return found < 0 ? -1 : read.type == NULL;
        }
    }
    if (read.branches == NULL || !PyList_Check(read.branches)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(read.branches); i++) {
        PyObject *branch = PyList_GET_ITEM(read.branches, i);
        if (PyDict_Check(branch)) {
            int found = accepts_null(branch);
            if (found != 0) {
                return found;
            }
        }
    }
    return 0;
}

/* A frozen list of `items` (borrowed) plus `extra` (stolen). */
static PyObject *
extended(PyObject *items, PyObject *extra)
{
    PyObject *made = new_frozen_list();
    if (made == NULL) {
        Py_DECREF(extra);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items); i++) {
        if (PyList_Append(made, PyList_GET_ITEM(items, i)) < 0) {
            Py_DECREF(extra);
            Py_DECREF(made);
            return NULL;
        }
    }
    int failed = PyList_Append(made, extra);
    Py_DECREF(extra);
    if (failed) {
        Py_DECREF(made);
        return NULL;
    }
    return made;
}

/* _nullable: the schema also accepting null. Steals `schema`. */
static PyObject *
nullable(PyObject *schema)
{
    int already = accepts_null(schema);
    if (already != 0) {
        if (already < 0) {
            Py_DECREF(schema);
            return NULL;
        }
        return schema;
    }
    PyObject *made = NULL;
    Nullability read;
    read_nullability(schema, &read);
    PyObject *types = read.type;
    int simple = types != NULL && scalar_type(types) == 1 && !read.has_const;
    if (simple && !read.has_any_of && !read.has_ref) {
        made = frozen_copy(schema);
        if (made == NULL) {
            goto done;
        }
        PyObject *pair = null_pair(types);
        if (pair == NULL || PyDict_SetItem(made, s_type, pair) < 0) {
            Py_XDECREF(pair);
            Py_CLEAR(made);
            goto done;
        }
        Py_DECREF(pair);
        PyObject *values = read.values;
        if (values != NULL && PyList_Check(values)) {
            PyObject *more = extended(values, Py_NewRef(Py_None));
            if (more == NULL || PyDict_SetItem(made, s_enum, more) < 0) {
                Py_XDECREF(more);
                Py_CLEAR(made);
                goto done;
            }
            Py_DECREF(more);
        }
        goto done;
    }
    PyObject *branches = read.branches;
    if (branches != NULL && PyList_Check(branches) && read.only_branches) {
        PyObject *null = null_schema();
        PyObject *more = null ? extended(branches, null) : NULL;
        made = more ? frozen_copy(schema) : NULL;
        if (made == NULL || PyDict_SetItem(made, s_any_of, more) < 0) {
            Py_CLEAR(made);
        }
        Py_XDECREF(more);
        goto done;
    }
    /* {"anyOf": [rest, {"type": "null"}], <annotations>} */
    PyObject *rest = new_frozen_dict();
    PyObject *notes = new_frozen_dict();
    PyObject *pair = new_frozen_list();
    PyObject *null = null_schema();
    if (rest && notes && pair && null) {
        PyObject *key, *value;
        Py_ssize_t position = 0;
        int failed = 0;
        while (!failed && PyDict_Next(schema, &position, &key, &value)) {
            int note = SPELLED(key, "description") || SPELLED(key, "title");
            failed = PyDict_SetItem(note ? notes : rest, key, value) < 0;
        }
        if (!failed && PyList_Append(pair, rest) == 0 && PyList_Append(pair, null) == 0) {
            made = new_frozen_dict();
            if (made != NULL &&
                (PyDict_SetItem(made, s_any_of, pair) < 0 || PyDict_Update(made, notes) < 0)) {
                Py_CLEAR(made);
            }
        }
    }
    Py_XDECREF(rest);
    Py_XDECREF(notes);
    Py_XDECREF(pair);
    Py_XDECREF(null);
done:
    Py_DECREF(schema);
    return made;
}

/* `nullable` of a plain leaf (a scalar type, kept keywords only), from what see()
 * found there: most optional properties, without reading the schema again. */
static PyObject *
nullable_leaf(PyObject *schema, const Seen *seen)
{
    if (scalar_type(seen->type) == 2 || (seen->has_const && seen->const_is_null)) {
        return schema; /* accepts null already */
    }
    if (seen->has_const) {
        return nullable(schema); /* a const: wrapped in anyOf, the general way */
    }
    PyObject *made = frozen_copy(schema);
    PyObject *pair = made != NULL ? null_pair(seen->type) : NULL;
    int failed = pair == NULL || PyDict_SetItem(made, s_type, pair) < 0;
    Py_XDECREF(pair);
    if (!failed && seen->values != NULL && PyList_Check(seen->values)) {
        PyObject *more = extended(seen->values, Py_NewRef(Py_None));
        failed = more == NULL || PyDict_SetItem(made, s_enum, more) < 0;
        Py_XDECREF(more);
    }
    Py_DECREF(schema);
    if (failed) {
        Py_XDECREF(made);
        return NULL;
    }
    return made;
}

/* The set of a node's "type" as flags; -1 when the walk must bail. */
enum { TYPE_OBJECT = 1, TYPE_ARRAY = 2, TYPE_ANY = 4 /* type_set is not empty */ };

static int
type_flags(PyObject *types)
{
    if (types == NULL || types == Py_None) {
        return 0;
    }
    if (PyUnicode_Check(types)) {
        if (PyUnicode_GET_LENGTH(types) == 0) {
            return 0; /* falsy: no types */
        }
        return TYPE_ANY | (PyUnicode_Compare(types, s_object) == 0 ? TYPE_OBJECT : 0) |
               (PyUnicode_Compare(types, s_array) == 0 ? TYPE_ARRAY : 0);
    }
    if (PyList_Check(types)) {
        int flags = 0;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(types); i++) {
            PyObject *one = PyList_GET_ITEM(types, i);
            if (!PyUnicode_Check(one)) {
                return -1;
            }
            flags |= TYPE_ANY;
            if (PyUnicode_Compare(one, s_object) == 0) {
                flags |= TYPE_OBJECT;
            }
            if (PyUnicode_Compare(one, s_array) == 0) {
                flags |= TYPE_ARRAY;
            }
        }
        return flags;
    }
    if (PyBool_Check(types) || PyLong_Check(types) || PyFloat_Check(types)) {
        /* falsy values give an empty set; a true one a set of a non-type */
        int truth = PyObject_IsTrue(types);
        return truth < 0 ? -1 : truth ? TYPE_ANY : 0;
    }
    return -1;
}

/* A node's items with their keyword codes, kept by see() for the walk's second pass
 * over the node (borrowed: the frozen node holds them). */
typedef struct {
    PyObject *key, *value;
    int code;
} Entry;

#define MAX_ENTRIES 24 /* a node with more keys is iterated again instead */

static int
see(PyObject *node, Seen *seen, Entry *entries, Py_ssize_t *count)
{
    PyObject *key, *value;
    Py_ssize_t position = 0, seen_count = 0;
    seen->leaf = 1;
    while (PyDict_Next(node, &position, &key, &value)) {
        int code = keyword_code(key);
        if (seen_count < MAX_ENTRIES) {
            entries[seen_count] = (Entry){key, value, code};
        }
        seen_count++;
        switch (code) {
        case K_TYPE:
            seen->type = value;
            break;
        case K_PROPERTIES:
            seen->properties = value;
            seen->leaf = 0;
            break;
        case K_REQUIRED:
            seen->required = value;
            seen->leaf = 0;
            break;
        case K_ADDITIONAL:
            seen->additional = value;
            seen->leaf = 0;
            break;
        case K_PATTERN_PROPERTIES:
            seen->pattern = value;
            seen->leaf = 0;
            break;
        case K_REF:
            seen->reference = value;
            seen->leaf = 0;
            break;
        case K_ENUM_OR_CONST:
            if (SPELLED(key, "const")) {
                seen->has_const = 1;
                seen->const_is_null = value == Py_None;
            }
            else {
                seen->values = value;
            }
            break;
        case K_KEPT:
            if (PyBool_Check(value) && (PyUnicode_Compare(key, s_exclusive_maximum) == 0 ||
                                        PyUnicode_Compare(key, s_exclusive_minimum) == 0)) {
                seen->leaf = 0;
            }
            break;
        case K_FORMAT:
            if (!PyUnicode_Check(value)) {
                seen->leaf = 0; /* the walk decides (an unhashable format is malformed) */
            }
            else {
                seen->leaf &= known_format(value);
            }
            break;
        default:
            seen->leaf = 0;
        }
    }
    *count = seen_count;
    return 0;
}

/* The next item of a node: from see()'s entries, or the dict when it had too many. */
static inline int
next_entry(PyObject *node, const Entry *entries, Py_ssize_t count, Py_ssize_t *position,
           PyObject **key, PyObject **value, int *code)
{
    if (count <= MAX_ENTRIES) {
        if (*position >= count) {
            return 0;
        }
        const Entry *entry = &entries[(*position)++];
        *key = entry->key;
        *value = entry->value;
        *code = entry->code;
        return 1;
    }
    if (!PyDict_Next(node, position, key, value)) {
        return 0;
    }
    *code = keyword_code(*key);
    return 1;
}

/* The object step: close, require all, make the optional ones nullable. */
static int
object_step(Walk *walk, Seen *seen, PyObject *out, int depth, int root)
{
    PyObject *props = seen->properties;
    if (props != NULL && !PyDict_Check(props)) {
        int truth = PyObject_IsTrue(props);
        if (truth != 0) {
            walk->bail = 1; /* props.items() of a non-mapping: the Python walk explains it */
            return truth < 0 ? -1 : 0;
        }
        props = NULL;
    }
    Py_ssize_t count = props ? PyDict_GET_SIZE(props) : 0;
    PyObject *required = seen->required;
    if (required != NULL && !PyList_Check(required)) {
        walk->bail = 1;
        return 0;
    }
    /* An explicit null means what a missing keyword means, as node.get() gives. */
    PyObject *extra = seen->additional == Py_None ? NULL : seen->additional;
    PyObject *pattern = seen->pattern == Py_None ? NULL : seen->pattern;
    int closed = extra == Py_False || (extra == NULL && (count > 0 || root));
    if (pattern != NULL) {
        walk->cannot = 1;
        closed = 0;
    }
    if (extra != NULL && extra != Py_False) {
        walk->cannot = 1;
        if (PyDict_Check(extra) && PyDict_GET_SIZE(extra) > 0) {
            PyObject *copy = strict_node(walk, extra, depth + 1, 0);
            Py_XDECREF(copy);
            if (copy == NULL) {
                return walk->bail ? 0 : -1;
            }
        }
    }
    else if (!closed && pattern == NULL) {
        walk->cannot = 1;
    }
    if (closed && required != NULL) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(required); i++) {
            PyObject *name = PyList_GET_ITEM(required, i);
            if (PyUnicode_Check(name) && (props == NULL || !PyDict_Contains(props, name))) {
                walk->cannot = 1;
                closed = 0;
                break;
            }
        }
    }
    int building = out != NULL && closed;
    PyObject *copies = building ? new_frozen_dict() : NULL;
    PyObject *names = building ? new_frozen_list() : NULL;
    if (building && (copies == NULL || names == NULL)) {
        Py_XDECREF(copies);
        Py_XDECREF(names);
        return -1;
    }
    PyObject *name, *sub;
    Py_ssize_t position = 0;
    while (props != NULL && PyDict_Next(props, &position, &name, &sub)) {
        PyObject *copy = strict_node(walk, sub, depth + 2, 0);
        if (copy == NULL) {
            Py_XDECREF(copies);
            Py_XDECREF(names);
            return walk->bail ? 0 : -1;
        }
        if (!building) {
            Py_DECREF(copy);
            continue;
        }
        {
            int listed = required != NULL ? contains_name(required, name) : 0;
            if (listed >= 0 && !listed && PyDict_Check(copy)) {
                copy = copy == sub && walk->leaf == sub ? nullable_leaf(copy, &walk->leaf_seen)
                                                        : nullable(copy);
            }
            if (listed < 0 || copy == NULL || PyDict_SetItem(copies, name, copy) < 0 ||
                PyList_Append(names, name) < 0) {
                Py_XDECREF(copy);
                Py_DECREF(copies);
                Py_DECREF(names);
                return -1;
            }
            Py_DECREF(copy);
        }
    }
    if (!building) {
        return 0; /* not strict (or only checking): the output is thrown away */
    }
    int failed = PyDict_SetItem(out, s_properties, copies) < 0 ||
                 PyDict_SetItem(out, s_required, names) < 0 ||
                 PyDict_SetItem(out, s_additional, Py_False) < 0;
    Py_DECREF(copies);
    Py_DECREF(names);
    return failed ? -1 : 0;
}

/* Branches that would trip the Python walk's exclusivity test (unhashable types or
 * required names, properties that are not an object): it explains them. */
static int
one_of_malformed(PyObject *branches)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(branches); i++) {
        PyObject *branch = PyList_GET_ITEM(branches, i);
        if (!PyDict_Check(branch)) {
            continue;
        }
        PyObject *types = PyDict_GetItemString(branch, "type");
        PyObject *required = PyDict_GetItemString(branch, "required");
        PyObject *props = PyDict_GetItemString(branch, "properties");
        if (types != NULL && PyList_Check(types)) {
            for (Py_ssize_t j = 0; j < PyList_GET_SIZE(types); j++) {
                if (!hashable_scalar(PyList_GET_ITEM(types, j))) {
                    return 1;
                }
            }
        }
        if (required != NULL) {
            if (!PyList_Check(required)) {
                return 1;
            }
            for (Py_ssize_t j = 0; j < PyList_GET_SIZE(required); j++) {
                if (!hashable_scalar(PyList_GET_ITEM(required, j))) {
                    return 1;
                }
            }
        }
        if (props != NULL && !PyDict_Check(props)) {
            return 1;
        }
    }
    return 0;
}

/* The definition "#/$defs/X" / "#/definitions/X" names (borrowed), or NULL: not that shape. */
static PyObject *
definition(PyObject *root, PyObject *reference)
{
    if (!PyUnicode_Check(reference)) {
        return NULL;
    }
    PyObject *block = NULL;
    Py_ssize_t length = PyUnicode_GET_LENGTH(reference), start;
    if (PyUnicode_Tailmatch(reference, s_defs_prefix, 0, length, -1) == 1) {
        block = s_defs;
        start = PyUnicode_GET_LENGTH(s_defs_prefix);
    }
    else if (PyUnicode_Tailmatch(reference, s_definitions_prefix, 0, length, -1) == 1) {
        block = s_definitions;
        start = PyUnicode_GET_LENGTH(s_definitions_prefix);
    }
    else {
        return NULL;
    }
    if (start >= length) {
        return NULL;
    }
    for (Py_ssize_t i = start; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(reference, i);
        if (c == '/' || c == '~' || c == '%') {
            return NULL; /* escapes and deeper pointers: inline_refs decodes them */
        }
    }
    PyObject *definitions = PyDict_GetItemWithError(root, block);
    if (definitions == NULL || !PyDict_Check(definitions)) {
        return NULL;
    }
    PyObject *name = PyUnicode_Substring(reference, start, length);
    if (name == NULL) {
        return NULL;
    }
    PyObject *target = PyDict_GetItemWithError(definitions, name);
    Py_DECREF(name);
    return target != NULL && PyDict_Check(target) ? target : NULL;
}

/* A "$ref" node: the strict copy of its definition, with the annotations beside the
 * ref merged in (the sibling winning), as inline_refs then the walk make it. A
 * definition met again while it is being expanded is recursive: the Python walk
 * keeps those as refs. */
static PyObject *
strict_reference(Walk *walk, PyObject *node, PyObject *reference, int depth)
{
    PyObject *target = definition(walk->root, reference);
    if (target == NULL) {
        if (!PyErr_Occurred()) {
            walk->bail = 1;
        }
        return NULL;
    }
    for (int i = 0; i < walk->expanding; i++) {
        if (walk->active[i] == target) {
            walk->bail = 1; /* recursive: inline_refs keeps it under $defs */
            return NULL;
        }
    }
    if (walk->expanding == (int)(sizeof(walk->active) / sizeof(walk->active[0]))) {
        walk->bail = 1;
        return NULL;
    }
    walk->active[walk->expanding++] = target;
    PyObject *copy = strict_definition(walk, node, target, depth);
    walk->expanding--;
    return copy;
}

static PyObject *
strict_definition(Walk *walk, PyObject *node, PyObject *target, int depth)
{
    if (PyDict_GET_SIZE(node) == 1) {
        return strict_node(walk, target, depth, 0);
    }
    PyObject *merged = frozen_copy(target);
    if (merged == NULL) {
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t position = 0;
    while (PyDict_Next(node, &position, &key, &value)) {
        int annotation = PySet_Contains(annotations, key);
        if (annotation <= 0) {
            Py_DECREF(merged);
            if (annotation == 0) {
                walk->bail = 1; /* rules beside a ref: inline_refs decides how they combine */
            }
            return NULL;
        }
        if (PyUnicode_Compare(key, s_ref) != 0 && PyDict_SetItem(merged, key, value) < 0) {
            Py_DECREF(merged);
            return NULL;
        }
    }
    PyObject *copy = strict_node(walk, merged, depth, 0);
    Py_DECREF(merged);
    return copy;
}

/* The strict copy of one subschema (new reference); NULL with walk->bail set, or an error. */
static PyObject *
strict_node(Walk *walk, PyObject *node, int depth, int root)
{
    if (!PyDict_Check(node)) {
        walk->cannot = 1; /* a boolean schema */
        return Py_NewRef(node);
    }
    if (depth > MAX_DEPTH || ++walk->nodes > MAX_NODES) {
        walk->bail = 1;
        return NULL;
    }
    Seen seen = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    Entry entries[MAX_ENTRIES];
    Py_ssize_t count = 0;
    if (see(node, &seen, entries, &count) < 0) {
        return NULL;
    }
    if (seen.reference != NULL) {
        return strict_reference(walk, node, seen.reference, depth);
    }
    if (seen.leaf && seen.type != NULL && PyUnicode_CheckExact(seen.type) && scalar_type(seen.type)) {
        walk->leaf = node;
        walk->leaf_seen = seen;
        return Py_NewRef(node); /* already strict: the source itself */
    }
    /* Once the schema cannot be strict its output is thrown away: the rest of the walk
     * only checks (out is NULL), so that a malformed part still goes to Python. */
    int building = !walk->cannot;
    PyObject *out = building ? new_frozen_dict() : NULL;
    PyObject *notes = NULL; /* made at the first note */
    if (building && out == NULL) {
        goto failed;
    }
    int has_type = 0, has_notes = 0, has_items = 0, names_a_value = 0; /* anyOf, oneOf, enum or const */
    PyObject *key, *value;
    Py_ssize_t position = 0;
    int code;
    while (next_entry(node, entries, count, &position, &key, &value, &code)) {
        PyObject *copy = NULL;
        switch (code) {
        case -1:
            goto failed;
        case K_TYPE:
            has_type = 1;
            /* fall through */
        case K_KEPT:
        case K_ENUM_OR_CONST:
            if (code == K_ENUM_OR_CONST) {
                names_a_value = 1;
            }
            if (PyBool_Check(value) && (PyUnicode_Compare(key, s_exclusive_maximum) == 0 ||
                                        PyUnicode_Compare(key, s_exclusive_minimum) == 0)) {
                goto bail; /* draft-04 flags: the Python walk rewrites them */
            }
            if (out != NULL && PyDict_SetItem(out, key, value) < 0) {
                goto failed;
            }
            continue;
        case K_PATTERN_PROPERTIES:
            if (PyDict_Check(value) && refers(value, depth)) {
                goto bail; /* not walked here, but inline_refs follows refs in it */
            }
            continue;
        case K_PROPERTIES:
        case K_REQUIRED:
        case K_ADDITIONAL:
            continue; /* the object step */
        case K_REF:
            goto bail; /* not reached: a ref node is inlined before this loop */
        case K_REFERENCE:
            if (root && PyDict_Check(value) &&
                (PyUnicode_Compare(key, s_defs) == 0 || PyUnicode_Compare(key, s_definitions) == 0)) {
                continue; /* inlined where they are used, so dropped */
            }
            goto bail;
        case K_ALL_OF:
            goto bail;
        case K_ITEMS:
            has_items = 1;
            if (PyDict_Check(value)) {
                copy = strict_node(walk, value, depth + 1, 0);
                if (copy == NULL) {
                    goto failed;
                }
            }
            else {
                if (PyList_Check(value) && refers(value, depth)) {
                    goto bail; /* inline_refs follows refs in tuple items */
                }
                walk->cannot = 1; /* tuple arrays */
                copy = Py_NewRef(value);
            }
            break;
        case K_ONE_OF:
        case K_ANY_OF:
            names_a_value = 1;
            if (!PyList_Check(value)) {
                continue; /* not a list: dropped */
            }
            if (code == K_ONE_OF) {
                int beside = PyDict_Contains(node, s_any_of);
                if (beside < 0 || one_of_malformed(value)) {
                    goto bail;
                }
                if (beside) {
                    walk->cannot = 1; /* oneOf beside anyOf */
                }
                key = s_any_of; /* oneOf -> anyOf: same output, the report says whether the meaning is kept */
            }
            copy = out != NULL ? new_frozen_list() : Py_NewRef(Py_None);
            if (copy == NULL) {
                goto failed;
            }
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(value); i++) {
                PyObject *branch = strict_node(walk, PyList_GET_ITEM(value, i), depth + 2, 0);
                if (branch == NULL || (out != NULL && PyList_Append(copy, branch) < 0)) {
                    Py_XDECREF(branch);
                    Py_DECREF(copy);
                    goto failed;
                }
                Py_DECREF(branch);
            }
            break;
        case K_FORMAT:
            if (!hashable_scalar(value)) {
                goto bail; /* `value in _FORMATS` raises in Python */
            }
            if (known_format(value)) {
                copy = Py_NewRef(value);
                break;
            }
            /* fall through */
        default: {
            if (code == K_OTHER && (PyDict_Check(value) || PyList_Check(value)) && refers(value, depth)) {
                goto bail; /* a ref under a dropped keyword (not, if, ...): inline_refs follows it */
            }
            if (code == K_OTHER && !root && PyUnicode_Compare(key, s_id) == 0) {
                goto bail; /* a nested $id changes what "#/..." means */
            }
            PyObject *said = in_words(code, key, value);
            if (said == NULL) {
                goto failed;
            }
            has_notes |= said != Py_None;
            if (said != Py_None && out != NULL && notes == NULL && (notes = PyList_New(0)) == NULL) {
                Py_DECREF(said);
                goto failed;
            }
            if (said != Py_None && notes != NULL && PyList_Append(notes, said) < 0) {
                Py_DECREF(said);
                goto failed;
            }
            Py_DECREF(said);
            continue;
        }
        }
        int failed = out != NULL && PyDict_SetItem(out, key, copy) < 0;
        Py_DECREF(copy);
        if (failed) {
            goto failed;
        }
    }
    int flags = type_flags(seen.type);
    if (flags < 0) {
        if (PyErr_Occurred()) {
            goto failed;
        }
        goto bail;
    }
    PyObject *props = seen.properties;
    int is_object = (flags & TYPE_OBJECT) || (props != NULL && PyDict_Check(props)) || (root && !(flags & TYPE_ANY));
    if (is_object) {
        if (!has_type && out != NULL && PyDict_SetItem(out, s_type, s_object) < 0) {
            goto failed;
        }
        if (object_step(walk, &seen, out, depth, root) < 0) {
            goto failed;
        }
        if (walk->bail) {
            goto bail;
        }
    }
    if ((flags & TYPE_ARRAY) && !has_items) {
        walk->cannot = 1; /* an array whose items may be anything */
    }
    if (!(flags & TYPE_ANY) && !names_a_value && !is_object && !(flags & TYPE_ARRAY)) {
        walk->cannot = 1; /* a value of any type */
    }
    if (out == NULL) {
        PyObject *old = has_notes ? PyDict_GetItemWithError(node, s_description) : NULL;
        if (old != NULL && !PyUnicode_Check(old)) {
            goto bail; /* str() of it is left to the Python walk, as when building */
        }
        return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
    }
    if (notes != NULL) {
        PyObject *old = PyDict_GetItemWithError(out, s_description);
        if (old == NULL && PyErr_Occurred()) {
            goto failed;
        }
        PyObject *text = old == NULL ? Py_NewRef(s_empty) : PyObject_Str(old);
        PyObject *stripped = text ? PyObject_CallMethodNoArgs(text, s_rstrip) : NULL;
        Py_XDECREF(text);
        PyObject *separator = stripped ? PyUnicode_FromString("; ") : NULL;
        PyObject *joined = separator ? PyUnicode_Join(separator, notes) : NULL;
        Py_XDECREF(separator);
        PyObject *description = NULL;
        if (joined != NULL) {
            description = PyUnicode_GET_LENGTH(stripped) > 0
                              ? PyUnicode_FromFormat("%U (%U)", stripped, joined)
                              : PyUnicode_FromFormat("(%U)", joined);
        }
        Py_XDECREF(stripped);
        Py_XDECREF(joined);
        if (description == NULL || PyDict_SetItem(out, s_description, description) < 0) {
            Py_XDECREF(description);
            goto failed;
        }
        Py_DECREF(description);
    }
    Py_XDECREF(notes);
    return out;
bail:
    walk->bail = 1;
failed:
    Py_XDECREF(out);
    Py_XDECREF(notes);
    return NULL;
}

/* Whether any key anywhere is a reference or a definitions block. */
static int
refers(PyObject *value, int depth)
{
    if (depth > MAX_DEPTH + 1) {
        return 1;
    }
    if (PyDict_Check(value)) {
        PyObject *key, *item;
        Py_ssize_t position = 0;
        while (PyDict_Next(value, &position, &key, &item)) {
            /* "$ref", "$defs", "$id", ... and "definitions": most keys are ruled out by
             * their first character, without a compare */
            if (PyUnicode_GET_LENGTH(key) > 0) {
                Py_UCS4 first = PyUnicode_READ_CHAR(key, 0);
                if ((first == '$' || first == 'd') &&
                    (keyword_code(key) == K_REFERENCE || keyword_code(key) == K_REF ||
                     PyUnicode_Compare(key, s_id) == 0)) {
                    return 1;
                }
            }
            if ((PyDict_Check(item) || PyList_Check(item)) && refers(item, depth + 1)) {
                return 1;
            }
        }
    }
    else if (PyList_Check(value)) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(value); i++) {
            PyObject *item = PyList_GET_ITEM(value, i);
            if ((PyDict_Check(item) || PyList_Check(item)) && refers(item, depth + 1)) {
                return 1;
            }
        }
    }
    return 0;
}

static PyObject *
strict(PyObject *module, PyObject *schema)
{
    (void)module;
    if (frozen_dict_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "toolbridge._speedups is not configured");
        return NULL;
    }
    if (!PyDict_Check(schema)) {
        Py_RETURN_NONE;
    }
    Walk walk = {.root = schema};
    PyObject *root_type = PyDict_GetItemWithError(schema, s_type);
    if (root_type == NULL && PyErr_Occurred()) {
        return NULL;
    }
    if (root_type != NULL &&
        !(PyUnicode_Check(root_type) && PyUnicode_Compare(root_type, s_object) == 0)) {
        int has = PyDict_Contains(schema, s_properties);
        if (has < 0) {
            return NULL;
        }
        if (!has) {
            walk.cannot = 1;
        }
    }
    PyObject *out = strict_node(&walk, schema, 0, 1);
    if (out == NULL) {
        if (walk.bail && !PyErr_Occurred()) {
            Py_RETURN_NONE;
        }
        if (PyErr_ExceptionMatches(PyExc_RecursionError) || PyErr_ExceptionMatches(PyExc_TypeError) ||
            PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear(); /* the Python walk explains a malformed schema */
            Py_RETURN_NONE;
        }
        return NULL;
    }
    if (walk.cannot) {
        Py_DECREF(out);
        Py_RETURN_FALSE;
    }
    return out;
}

/* -- complete --------------------------------------------------------------------- */

/* Where a keyword's subschemas are, for complete(): 1 a map of them, 2 a list, 3 one
 * value, 0 none (formats._lowering._SUBSCHEMAS). */
static int
subschema_kind(PyObject *key)
{
    if (!PyUnicode_Check(key) || !PyUnicode_IS_COMPACT_ASCII(key)) {
        return 0;
    }
    const char *text = (const char *)PyUnicode_DATA(key);
    switch (PyUnicode_GET_LENGTH(key)) {
    case 2:
        if (memcmp(text, "if", 2) == 0) {
            return 3;
        }
        return 0;
    case 3:
        if (memcmp(text, "not", 3) == 0) {
            return 3;
        }
        return 0;
    case 4:
        if (memcmp(text, "then", 4) == 0) {
            return 3;
        }
        if (memcmp(text, "else", 4) == 0) {
            return 3;
        }
        return 0;
    case 5:
        if (memcmp(text, "$defs", 5) == 0) {
            return 1;
        }
        if (memcmp(text, "anyOf", 5) == 0) {
            return 2;
        }
        if (memcmp(text, "oneOf", 5) == 0) {
            return 2;
        }
        if (memcmp(text, "allOf", 5) == 0) {
            return 2;
        }
        if (memcmp(text, "items", 5) == 0) {
            return 3;
        }
        return 0;
    case 8:
        if (memcmp(text, "contains", 8) == 0) {
            return 3;
        }
        return 0;
    case 10:
        if (memcmp(text, "properties", 10) == 0) {
            return 1;
        }
        return 0;
    case 11:
        if (memcmp(text, "definitions", 11) == 0) {
            return 1;
        }
        if (memcmp(text, "prefixItems", 11) == 0) {
            return 2;
        }
        return 0;
    case 13:
        if (memcmp(text, "propertyNames", 13) == 0) {
            return 3;
        }
        return 0;
    case 15:
        if (memcmp(text, "additionalItems", 15) == 0) {
            return 3;
        }
        return 0;
    case 16:
        if (memcmp(text, "dependentSchemas", 16) == 0) {
            return 1;
        }
        if (memcmp(text, "unevaluatedItems", 16) == 0) {
            return 3;
        }
        return 0;
    case 17:
        if (memcmp(text, "patternProperties", 17) == 0) {
            return 1;
        }
        return 0;
    case 20:
        if (memcmp(text, "additionalProperties", 20) == 0) {
            return 3;
        }
        return 0;
    case 21:
        if (memcmp(text, "unevaluatedProperties", 21) == 0) {
            return 3;
        }
        return 0;
    default:
        return 0;
    }
}

/* _complete: the node with properties {} / items {} added where missing (new ref). */
static PyObject *
complete_node(PyObject *node, int depth)
{
    if (!PyDict_Check(node) || depth > MAX_DEPTH + 2) {
        return Py_NewRef(node);
    }
    PyObject *changed = NULL;
    PyObject *types = PyDict_GetItemWithError(node, s_type);
    if (types == NULL && PyErr_Occurred()) {
        return NULL;
    }
    if (types != NULL && types != Py_None) {
        int object, array;
        if (PyList_Check(types)) {
            object = PySequence_Contains(types, s_object);
            array = object < 0 ? -1 : PySequence_Contains(types, s_array);
        }
        else if (PyUnicode_Check(types)) { /* `"object" in (types,)`: an equal str */
            object = SPELLED(types, "object");
            array = SPELLED(types, "array");
        }
        else {
            object = PyObject_RichCompareBool(types, s_object, Py_EQ);
            array = object < 0 ? -1 : PyObject_RichCompareBool(types, s_array, Py_EQ);
        }
        if (object < 0 || array < 0) {
            return NULL;
        }
        if (object && !PyDict_Contains(node, s_properties)) {
            PyObject *empty = new_frozen_dict();
            changed = empty ? frozen_copy(node) : NULL;
            if (changed == NULL || PyDict_SetItem(changed, s_properties, empty) < 0) {
                Py_XDECREF(empty);
                Py_XDECREF(changed);
                return NULL;
            }
            Py_DECREF(empty);
        }
        if (array && !PyDict_Contains(node, s_items)) {
            PyObject *empty = new_frozen_dict();
            if (changed == NULL) {
                changed = empty ? frozen_copy(node) : NULL;
            }
            if (changed == NULL || PyDict_SetItem(changed, s_items, empty) < 0) {
                Py_XDECREF(empty);
                Py_XDECREF(changed);
                return NULL;
            }
            Py_DECREF(empty);
        }
    }
    PyObject *key, *value;
    Py_ssize_t position = 0;
    while (PyDict_Next(node, &position, &key, &value)) {
        int kind = subschema_kind(key);
        if (kind == 0) {
            continue;
        }
        PyObject *done = NULL;
        if (kind == 1 && PyDict_Check(value)) {
            PyObject *name, *sub;
            Py_ssize_t inner = 0;
            while (PyDict_Next(value, &inner, &name, &sub)) {
                PyObject *new = complete_node(sub, depth + 2);
                if (new == NULL) {
                    Py_XDECREF(done);
                    goto failed;
                }
                if (new != sub && done == NULL) {
                    done = frozen_copy(value);
                    if (done == NULL) {
                        Py_DECREF(new);
                        goto failed;
                    }
                }
                if (done != NULL && PyDict_SetItem(done, name, new) < 0) {
                    Py_DECREF(new);
                    Py_DECREF(done);
                    goto failed;
                }
                Py_DECREF(new);
            }
        }
        else if (kind != 1 && PyList_Check(value) &&
                 (kind == 2 || SPELLED(key, "items"))) {
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(value); i++) {
                PyObject *sub = PyList_GET_ITEM(value, i);
                PyObject *new = complete_node(sub, depth + 2);
                if (new == NULL) {
                    Py_XDECREF(done);
                    goto failed;
                }
                if (new != sub && done == NULL) {
                    done = new_frozen_list();
                    for (Py_ssize_t j = 0; done != NULL && j < i; j++) {
                        if (PyList_Append(done, PyList_GET_ITEM(value, j)) < 0) {
                            Py_CLEAR(done);
                        }
                    }
                    if (done == NULL) {
                        Py_DECREF(new);
                        goto failed;
                    }
                }
                if (done != NULL && PyList_Append(done, new) < 0) {
                    Py_DECREF(new);
                    Py_DECREF(done);
                    goto failed;
                }
                Py_DECREF(new);
            }
        }
        else if (kind == 3 && PyDict_Check(value)) {
            PyObject *new = complete_node(value, depth + 1);
            if (new == NULL) {
                goto failed;
            }
            if (new != value) {
                done = new;
            }
            else {
                Py_DECREF(new);
            }
        }
        if (done != NULL) {
            if (changed == NULL) {
                changed = frozen_copy(node);
            }
            if (changed == NULL || PyDict_SetItem(changed, key, done) < 0) {
                Py_DECREF(done);
                goto failed;
            }
            Py_DECREF(done);
        }
    }
    return changed != NULL ? changed : Py_NewRef(node);
failed:
    Py_XDECREF(changed);
    return NULL;
}

static PyObject *
complete(PyObject *module, PyObject *schema)
{
    (void)module;
    if (frozen_dict_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "toolbridge._speedups is not configured");
        return NULL;
    }
    if (!PyDict_Check(schema)) {
        return Py_NewRef(schema);
    }
    int typed = PyDict_Contains(schema, s_type);
    if (typed < 0) {
        return NULL;
    }
    if (typed) {
        return complete_node(schema, 0);
    }
    /* {"type": "object", **schema}: the type first, then the walk. */
    PyObject *root = new_frozen_dict();
    if (root == NULL || PyDict_SetItem(root, s_type, s_object) < 0 || PyDict_Update(root, schema) < 0) {
        Py_XDECREF(root);
        return NULL;
    }
    PyObject *done = complete_node(root, 0);
    Py_DECREF(root);
    return done;
}

/* -- the OpenAI tool object ---------------------------------------------------------- */

/* OpenAI's name rule, ^[a-zA-Z0-9_-]{1,64}$ (schema._names.NAME_RULES["openai"]). */
static int
openai_name(PyObject *name)
{
    if (!PyUnicode_CheckExact(name) || !PyUnicode_IS_COMPACT_ASCII(name)) {
        return 0;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(name);
    const unsigned char *text = (const unsigned char *)PyUnicode_DATA(name);
    if (length < 1 || length > 64) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < length; i++) {
        unsigned char c = text[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-')) {
            return 0;
        }
    }
    return 1;
}

/* The whole Chat Completions (nested) or Responses (flat) function tool, frozen; None
 * where the Python writer must do it: a name OpenAI does not take as it is (the name
 * map renames it), a description that is not a str, or a schema strict() leaves to
 * Python. The description is cut to OpenAI's limit already. */
static PyObject *
write_openai(PyObject *module, PyObject *name, PyObject *description, PyObject *schema, int wanted,
             int nested)
{
    if (!openai_name(name) || !PyUnicode_CheckExact(description)) {
        Py_RETURN_NONE;
    }
    PyObject *parameters = wanted ? strict(module, schema) : Py_NewRef(Py_False);
    if (parameters == NULL || parameters == Py_None) {
        return parameters;
    }
    int is_strict = parameters != Py_False;
    if (!is_strict) {
        Py_DECREF(parameters);
        parameters = complete(module, schema);
        if (parameters == NULL) {
            return NULL;
        }
    }
    PyObject *function = new_frozen_dict();
    PyObject *wire = function ? new_frozen_dict() : NULL;
    int failed = wire == NULL;
    if (!failed && nested) {
        failed = PyDict_SetItem(wire, s_type, s_function) < 0 ||
                 PyDict_SetItem(wire, s_function, function) < 0;
    }
    else if (!failed) {
        failed = PyDict_SetItem(function, s_type, s_function) < 0;
    }
    failed = failed || PyDict_SetItem(function, s_name, name) < 0 ||
             PyDict_SetItem(function, s_description, description) < 0 ||
             PyDict_SetItem(function, s_parameters, parameters) < 0 ||
             PyDict_SetItem(function, s_strict, is_strict ? Py_True : Py_False) < 0;
    Py_DECREF(parameters);
    if (failed) {
        Py_XDECREF(function);
        Py_XDECREF(wire);
        return NULL;
    }
    if (nested) {
        Py_DECREF(function);
        return wire;
    }
    Py_DECREF(wire);
    return function;
}

#define DESCRIPTION_LIMIT 1024 /* formats._openai.DESCRIPTION_LIMIT */

/* The tool's description cut as description_within() cuts it (new reference). */
static PyObject *
description_of(PyObject *tool)
{
    PyObject *text = PyObject_GetAttr(tool, s_description);
    if (text == NULL || !PyUnicode_CheckExact(text) || PyUnicode_GET_LENGTH(text) <= DESCRIPTION_LIMIT) {
        return text;
    }
    PyObject *head = PyUnicode_Substring(text, 0, DESCRIPTION_LIMIT - 1);
    Py_DECREF(text);
    PyObject *stripped = head ? PyObject_CallMethodNoArgs(head, s_rstrip) : NULL;
    Py_XDECREF(head);
    if (stripped == NULL) {
        return NULL;
    }
    PyObject *cut = PyUnicode_Concat(stripped, s_ellipsis);
    Py_DECREF(stripped);
    return cut;
}

/* The QuickWriter of formats._openai: (tool, strict, on_unsupported) -> the wire object,
 * or None for the full writer: a tool read from OpenAI (meta["openai"]: keys to write
 * back), and a schema that cannot be strict under on_unsupported="raise". */
static PyObject *
quick_openai(PyObject *module, PyObject *const *args, Py_ssize_t count, int nested)
{
    if (count != 3) {
        PyErr_SetString(PyExc_TypeError, "takes 3 arguments: tool, strict, on_unsupported");
        return NULL;
    }
    PyObject *tool = args[0];
    int wanted = PyObject_IsTrue(args[1]);
    if (wanted < 0) {
        return NULL;
    }
    if (wanted && !SPELLED(args[2], "fallback")) {
        Py_RETURN_NONE; /* the Python walk raises with the path */
    }
    PyObject *meta = PyObject_GetAttr(tool, s_meta);
    if (meta == NULL) {
        return NULL;
    }
    int from_openai = PyDict_Check(meta) ? PyDict_Contains(meta, s_openai) : 1;
    Py_DECREF(meta);
    if (from_openai != 0) {
        if (from_openai < 0) {
            return NULL;
        }
        Py_RETURN_NONE;
    }
    PyObject *name = PyObject_GetAttr(tool, s_name);
    PyObject *description = name ? description_of(tool) : NULL;
    PyObject *schema = description ? PyObject_GetAttr(tool, s_input_schema) : NULL;
    PyObject *wire = schema ? write_openai(module, name, description, schema, wanted, nested) : NULL;
    Py_XDECREF(name);
    Py_XDECREF(description);
    Py_XDECREF(schema);
    return wire;
}

static PyObject *
quick_openai_chat(PyObject *module, PyObject *const *args, Py_ssize_t count)
{
    return quick_openai(module, args, count, 1);
}

static PyObject *
quick_openai_responses(PyObject *module, PyObject *const *args, Py_ssize_t count)
{
    return quick_openai(module, args, count, 0);
}

/* -- module ------------------------------------------------------------------------- */

static Py_ssize_t
slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descriptor = PyDict_GetItemString(type->tp_dict, name);
    if (descriptor == NULL || Py_TYPE(descriptor) != &PyMemberDescr_Type) {
        return -1;
    }
    return ((PyMemberDescrObject *)descriptor)->d_member->offset;
}

static PyObject *
configure(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *dict_type, *list_type, *dumps;
    if (!PyArg_ParseTuple(args, "O!O!O:configure", &PyType_Type, &dict_type, &PyType_Type,
                          &list_type, &dumps)) {
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)dict_type, &PyDict_Type) ||
        !PyType_IsSubtype((PyTypeObject *)list_type, &PyList_Type)) {
        PyErr_SetString(PyExc_TypeError, "configure() takes a dict subclass and a list subclass");
        return NULL;
    }
    Py_XSETREF(frozen_dict_type, (PyTypeObject *)Py_NewRef(dict_type));
    Py_XSETREF(frozen_list_type, (PyTypeObject *)Py_NewRef(list_type));
    Py_XSETREF(show_value, Py_NewRef(dumps));
    frozen_dict_hash_offset = slot_offset(frozen_dict_type, "_hash");
    frozen_list_hash_offset = slot_offset(frozen_list_type, "_hash");
    Py_XSETREF(shared_null_schema, new_frozen_dict());
    if (shared_null_schema == NULL || PyDict_SetItem(shared_null_schema, s_type, s_null) < 0) {
        return NULL;
    }
    PyObject *const scalars[4] = {s_string, s_number, s_integer, s_boolean};
    for (int i = 0; i < 4; i++) {
        Py_XSETREF(shared_null_pairs[i], new_frozen_list());
        if (shared_null_pairs[i] == NULL || PyList_Append(shared_null_pairs[i], scalars[i]) < 0 ||
            PyList_Append(shared_null_pairs[i], s_null) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(frozen_dict, frozen_list, show): the container types to build, and json.dumps."},
    {"strict", strict, METH_O,
     "strict(schema): the OpenAI strict schema, False if it cannot be strict, None to ask Python."},
    {"complete", complete, METH_O, "complete(schema): the schema complete for OpenAI's rules."},
    {"quick_openai_chat", (PyCFunction)(void (*)(void))quick_openai_chat, METH_FASTCALL,
     "quick_openai_chat(tool, strict, on_unsupported): the Chat Completions tool, or None."},
    {"quick_openai_responses", (PyCFunction)(void (*)(void))quick_openai_responses, METH_FASTCALL,
     "quick_openai_responses(tool, strict, on_unsupported): the Responses tool, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "toolbridge._speedups",
    "The OpenAI schema steps of toolbridge.formats in C (see _speedups.c).", -1, methods, NULL, NULL, NULL, NULL,
};

static PyObject *
frozenset_of(const char *const *names)
{
    PyObject *set = PyFrozenSet_New(NULL);
    for (; set != NULL && *names != NULL; names++) {
        PyObject *name = PyUnicode_InternFromString(*names);
        if (name == NULL || PySet_Add(set, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(set);
            return NULL;
        }
        Py_DECREF(name);
    }
    return set;
}

#define INTERN(variable, text)                                                                 \
    if ((variable = PyUnicode_InternFromString(text)) == NULL) {                               \
        return NULL;                                                                           \
    }

PyMODINIT_FUNC
PyInit__speedups(void)
{
    INTERN(s_type, "type");
    INTERN(s_description, "description");
    INTERN(s_enum, "enum");
    INTERN(s_properties, "properties");
    INTERN(s_required, "required");
    INTERN(s_additional, "additionalProperties");
    INTERN(s_items, "items");
    INTERN(s_any_of, "anyOf");
    INTERN(s_ref, "$ref");
    INTERN(s_defs, "$defs");
    INTERN(s_function, "function");
    INTERN(s_meta, "meta");
    if ((s_ellipsis = PyUnicode_FromOrdinal(0x2026)) == NULL) {
        return NULL;
    }
    INTERN(s_openai, "openai");
    INTERN(s_input_schema, "input_schema");
    INTERN(s_name, "name");
    INTERN(s_parameters, "parameters");
    INTERN(s_strict, "strict");
    INTERN(s_definitions, "definitions");
    INTERN(s_exclusive_maximum, "exclusiveMaximum");
    INTERN(s_exclusive_minimum, "exclusiveMinimum");
    INTERN(s_object, "object");
    INTERN(s_array, "array");
    INTERN(s_null, "null");
    INTERN(s_string, "string");
    INTERN(s_number, "number");
    INTERN(s_integer, "integer");
    INTERN(s_boolean, "boolean");
    INTERN(s_empty, "");
    INTERN(s_id, "$id");
    INTERN(s_defs_prefix, "#/$defs/");
    INTERN(s_definitions_prefix, "#/definitions/");
    INTERN(s_rstrip, "rstrip");
    if ((empty_tuple = PyTuple_New(0)) == NULL) {
        return NULL;
    }
    static const char *const annotation_names[] = {"title", "description", "default", "examples",
                                                   "deprecated", "readOnly", "writeOnly",
                                                   "$comment", "$ref", NULL};
    if ((annotations = frozenset_of(annotation_names)) == NULL) {
        return NULL;
    }
    return PyModule_Create(&module_definition);
}
