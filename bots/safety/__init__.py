"""Patient safety: emergencies read by meaning (:mod:`bots.safety.emergency`)."""
