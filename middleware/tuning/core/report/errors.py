"""Errors raised by the report core.

``ReportInputError(field, message)``: the results, the comparison or an argument of ``build_report``/``render`` is not
what the report needs. ``field`` names where (``results[2].summary``, ``comparison.comparisons[0].id``, ``format``);
the message says why. A plain ``ValueError`` so the core stays framework-free; the service turns it into a
``ValidationErrors`` entry.
"""


class ReportInputError(ValueError):
    def __init__(self, field, message):
        super().__init__(f'{field}: {message}')
        self.field = field
        self.message = message
