"""What plays the engine to find and show: the conflict situations played out, the campaign
behind coverage, the conflict report. Sits above the model and the pure-data rulebook."""
