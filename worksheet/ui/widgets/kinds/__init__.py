"""Input kinds: for each kind of input the engine declares (``InputSpec.kind``), the one place
that says how the form edits it (:class:`EditorKind`): its editor, what its row draws before
the editor is made, its widths, how its entry is kept, and what the form and the palette do with
it. The UI asks :func:`kind_of` and never switches on an input's type.

One module per family of kinds, each listing its ``KINDS``; a new kind is a module listed below
and its tests. May import the engine and the other widgets, never the form, the controllers or
the app.
"""

from worksheet.ui.widgets.kinds import choice, names, record_list, switch, typed
from worksheet.ui.widgets.kinds.base import (KINDS, STAND_IN_COMPONENTS, TEXT_ENTRY, EditorKind,
                                             Entry, StandIn, kind_of, make_editor, register)

register(*typed.KINDS, *switch.KINDS, *choice.KINDS, *names.KINDS, *record_list.KINDS)

__all__ = ["KINDS", "STAND_IN_COMPONENTS", "TEXT_ENTRY", "EditorKind", "Entry", "StandIn",
           "kind_of", "make_editor", "register"]
