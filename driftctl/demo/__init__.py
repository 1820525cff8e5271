"""`driftctl demo`: an embedded AWS emulator and the sample stack applied and drifted on it."""
