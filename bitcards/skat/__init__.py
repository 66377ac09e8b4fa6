"""Skat: rules on masks. (Filled in by the skat issue.)"""
