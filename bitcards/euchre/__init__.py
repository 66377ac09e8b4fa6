"""Euchre: rules on masks. (Filled in by the euchre issue.)"""
