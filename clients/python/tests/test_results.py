"""solo_client.plain: answers as frozen dataclasses of plain values, made
from solo.proto's own description of each message."""

import dataclasses
import os
import sys
import typing
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solo_client import pb, plain, plain_class      # noqa: E402


class PlainTest(unittest.TestCase):

    def test_decision(self):
        d = pb().UnitDecision(unit_id="red-1", action="take_cover", rf=3,
                              rf_band="RF2-5", roll=2)
        d.factors.add(name="enemy_in_range", value=1, reason="in range")
        d.outcomes.add(roll=1, action="withdraw")
        d.geometry.has_destination = True
        d.geometry.destination.x = 40.5
        d.geometry.destination.y = 12.0
        d.geometry.group_unit_ids.append("red-2")
        p = plain(d)
        self.assertEqual(p.unit_id, "red-1")
        self.assertEqual(p.factors[0].name, "enemy_in_range")
        self.assertEqual(p.factors[0].value, 1)
        self.assertIsInstance(p.factors, tuple)
        self.assertEqual(p.outcomes[0].action, "withdraw")
        self.assertEqual((p.geometry.destination.x, p.geometry.destination.y),
                         (40.5, 12.0))
        self.assertEqual(p.geometry.group_unit_ids, ("red-2",))
        # frozen: a result is a value
        with self.assertRaises(dataclasses.FrozenInstanceError):
            p.action = "run"
        # has_destination is folded into destination
        names = {f.name for f in dataclasses.fields(p.geometry)}
        self.assertIn("destination", names)
        self.assertNotIn("has_destination", names)
        d.geometry.has_destination = False
        self.assertIsNone(plain(d).geometry.destination)

    def test_unset_message_enum_and_oneof(self):
        o = pb().SideOrders(side=pb().SIDE_RED, side_name="French")
        o.orders.add(unit_id="red-1", has_facing=True, facing=90.0)
        o.orders.add(unit_id="red-2", facing=45.0)      # has_facing false
        p = plain(o)
        self.assertEqual(p.side, "red")
        self.assertIsNone(p.search)
        self.assertEqual(p.orders[0].facing, 90.0)
        self.assertIsNone(p.orders[1].facing)
        r = pb().Reply(id=7)
        r.error.code = pb().Error.BAD_REQUEST
        r.error.message = "units[0].id: missing"
        q = plain(r)
        self.assertEqual(q.id, 7)
        self.assertEqual(q.error.code, "bad_request")
        self.assertIsNone(q.unit_decision)

    def test_every_field_of_every_message(self):
        """Each message's class has every field of the message (has_X
        folded into X), typed as the message types it."""
        module = pb()
        for name, desc in module.DESCRIPTOR.message_types_by_name.items():
            cls = plain_class(name)
            got = {f.name for f in dataclasses.fields(cls)}
            fields = {f.name for f in desc.fields}
            folded = {n[4:] for n in fields
                      if n.startswith("has_") and n[4:] in fields}
            want = {n for n in fields
                    if not (n.startswith("has_") and n[4:] in folded)}
            self.assertEqual(got, want, name)
            hints = {f.name: f.type for f in dataclasses.fields(cls)}
            for f in desc.fields:
                if f.name in want and f.label == f.LABEL_REPEATED:
                    self.assertEqual(typing.get_origin(hints[f.name]), tuple,
                                     "%s.%s" % (name, f.name))


if __name__ == "__main__":
    unittest.main()
