"""What the app does with its terminal: the keys it reads (the key gate, and the messages it
waits for), what it writes (the screen diff, the output pipeline, F12's redraw), the clipboard
through OSC 52, a terminal that goes away, and when garbage is collected and timers fire
(pauses, deadlines).

Knows nothing of rulesets or forms; imports only Textual and ``textual_internals``.
"""
