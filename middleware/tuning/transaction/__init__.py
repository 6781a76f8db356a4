"""What happens on apply and revert: one transaction engine, start-up recovery, and the busy guard."""
