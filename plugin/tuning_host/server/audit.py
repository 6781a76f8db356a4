"""Audit lines for API method calls (middlewared's METHOD_CALL events), shared by the RPC layer and core.download."""
import logging

logger = logging.getLogger("tuning_host.server")

SECRET_KEY_PARTS = ("password", "secret", "api_key", "token")


def redact(params):
    """Audit lines never carry secrets: drop values of keys that look like credentials."""
    def walk(v):
        if isinstance(v, dict):
            return {k: ("********" if any(s in k.lower() for s in SECRET_KEY_PARTS) else walk(x))
                    for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v
    return walk(list(params))


async def audit_method_call(middleware, conn, name, methodobj, params, success):
    """Write the METHOD_CALL audit line of a call of `name`, when the method declares `audit`. `params` None: the
    call was refused before its parameters were read (not logged in, or without the role), and none are written;
    it is audited as not authorized (as middlewared's), which bounds how many such lines a caller gets
    (runtime/audit_trail.py)."""
    audit = getattr(methodobj, "audit", None)
    if not audit:
        return
    description = audit
    if params is not None and getattr(methodobj, "audit_extended", None):
        try:
            description = f"{audit} {methodobj.audit_extended(*params)}"
        except Exception:
            pass
    try:
        await middleware.log_audit_message(conn, "METHOD_CALL", {
            "method": name, "params": None if params is None else redact(params), "description": description,
            "authenticated": bool(conn.authenticated), "authorized": params is not None}, success)
    except Exception:
        logger.error("Failed to write audit message", exc_info=True)
