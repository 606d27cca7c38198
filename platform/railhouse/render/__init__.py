"""Pictures of games: the board (hex map, track, stations, routes) and the stock markets
as SVG or PNG, a self-contained HTML game viewer, and HTML tournament reports.

Everything is drawn from a title's data (``MapDef``, tiles, ``CompanySpec`` colours,
``MarketSpec``) and the game state; nothing here knows a title.  Needs the ``render``
extra (drawsvg, cairosvg): ``pip install 'railhouse[render]'``.

Modules: :mod:`geometry` (hex layout), :mod:`hexes` and :mod:`stops` (one hex),
:mod:`layout` and :mod:`hexlayout` (where a hex's texts go, without overlaps),
:mod:`board` (map, edge rules, routes), :mod:`routelegend` (what each route earns),
:mod:`market`, :mod:`scene` (a whole picture, SVG/PNG output), :mod:`position` (records and
what to draw from a game); for the viewer :mod:`timeline` (frames), :mod:`narrate` (the
log as sentences), :mod:`panels` (privates, certificates, depot, bank) and :mod:`viewer`.
"""
