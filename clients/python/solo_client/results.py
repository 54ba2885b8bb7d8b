"""Answers as plain Python values: frozen dataclasses, no protobuf.

    from solo_client import plain

    d = plain(solo.ask_unit("red-1", situation=table))
    d.action, d.geometry.destination.x, [f.name for f in d.factors]

Every message of the protocol has its dataclass, made from solo.proto's
own description of it, so the two never drift apart: a field of the
message is an attribute of the same name, with these changes so that a
result reads as Python:

- a message field that is not set is None;
- a repeated field is a tuple;
- an enum is its short lower-case name ("red", "infantry"), as the
  `solo` command and the situation files write it;
- a field `has_X` beside a field `X` is folded into `X`, which is None
  when `has_X` is false (SideUnitOrder.facing, Geometry.destination);
- a oneof's members that are not set are None.

The classes are made once per message type; plain_class(name) gives the
class of a message by its name ("UnitDecision") for isinstance checks.
"""

import dataclasses
import typing

from google.protobuf.descriptor import FieldDescriptor

from .proto import pb

_classes = {}

_SCALARS = {
    FieldDescriptor.CPPTYPE_INT32: int,
    FieldDescriptor.CPPTYPE_INT64: int,
    FieldDescriptor.CPPTYPE_UINT32: int,
    FieldDescriptor.CPPTYPE_UINT64: int,
    FieldDescriptor.CPPTYPE_DOUBLE: float,
    FieldDescriptor.CPPTYPE_FLOAT: float,
    FieldDescriptor.CPPTYPE_BOOL: bool,
    FieldDescriptor.CPPTYPE_STRING: str,
    FieldDescriptor.CPPTYPE_ENUM: str,
}


def _folded(descriptor):
    """Names of the fields `X` that have a `has_X` beside them."""
    names = {f.name for f in descriptor.fields}
    return {n[4:] for n in names if n.startswith("has_") and n[4:] in names}


def _is_repeated(field):
    return field.label == FieldDescriptor.LABEL_REPEATED


def _is_optional(field, folded):
    return (field.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE
            or field.name in folded
            or field.containing_oneof is not None)


def _annotation(field, folded):
    if field.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE:
        base = typing.ForwardRef(field.message_type.name)
    else:
        base = _SCALARS[field.cpp_type]
    if _is_repeated(field):
        return typing.Tuple[base, ...]
    if _is_optional(field, folded):
        return typing.Optional[base]
    return base


def _class_for(descriptor):
    cls = _classes.get(descriptor.full_name)
    if cls is not None:
        return cls
    folded = _folded(descriptor)
    fields = [(f.name, _annotation(f, folded))
              for f in descriptor.fields
              if not (f.name.startswith("has_") and f.name[4:] in folded)]
    cls = dataclasses.make_dataclass(
        descriptor.name, fields, frozen=True,
        namespace={"__doc__": "solo.v1.%s as plain values (solo_client."
                   "results)." % descriptor.name})
    _classes[descriptor.full_name] = cls
    return cls


def _enum_text(field, number):
    """The short lower-case name of an enum value: the name without the
    enum's common prefix ("SIDE_RED" -> "red"); an unknown number (a newer
    daemon) is its digits."""
    values = field.enum_type.values_by_number
    if number not in values:
        return str(number)
    names = [v.name for v in field.enum_type.values]
    prefix = names[0].split("_")[0] + "_" if names else ""
    if not all(n.startswith(prefix) for n in names):
        prefix = ""
    return values[number].name[len(prefix):].lower()


def _value(field, value):
    if field.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE:
        return plain(value)
    if field.cpp_type == FieldDescriptor.CPPTYPE_ENUM:
        return _enum_text(field, value)
    return value


def plain(message):
    """The message (any message of solo.proto) as a frozen dataclass of
    plain values, as described above."""
    descriptor = message.DESCRIPTOR
    cls = _class_for(descriptor)
    folded = _folded(descriptor)
    values = {}
    for f in descriptor.fields:
        if f.name.startswith("has_") and f.name[4:] in folded:
            continue
        if _is_repeated(f):
            values[f.name] = tuple(_value(f, v)
                                   for v in getattr(message, f.name))
        elif f.name in folded and not getattr(message, "has_" + f.name):
            values[f.name] = None
        elif (f.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE
              or f.containing_oneof is not None) \
                and not message.HasField(f.name):
            values[f.name] = None
        else:
            values[f.name] = _value(f, getattr(message, f.name))
    return cls(**values)


def plain_class(name):
    """The dataclass of message `name` ("UnitDecision", "SideOrders")."""
    return _class_for(getattr(pb(), name).DESCRIPTOR)
