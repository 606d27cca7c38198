"""Steam Over Holland title plugin."""
