class ServiceError(Exception):
    """An arbiter's request that cannot be carried out; nothing was written.

    `code` is machine-readable (the API returns it), `field` names the input at fault when there
    is one, and the message is for a person.
    """

    def __init__(self, message: str, *, code: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field

    def as_dict(self) -> dict:
        data = {"code": self.code, "message": self.message}
        if self.field:
            data["field"] = self.field
        return data
