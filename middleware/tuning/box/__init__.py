"""How tuning sees and changes the box: only through the appliance's own services (``self.middleware.call``)."""
